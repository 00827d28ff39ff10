-- Members' inquiries (issue 27 point 8, decision 052): the inquiry, its messages (the member's,
-- operators' answers and internal notes) and the images attached, kept in the media blob store.
CREATE TABLE "inquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"category" text NOT NULL,
	"subject" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"assignee_id" integer,
	"purchase_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiries_status" CHECK ("inquiries"."status" in ('open','waiting_member','answered','closed')),
	CONSTRAINT "inquiries_category" CHECK ("inquiries"."category" in ('shipping','points_payment','packs_cards','account','other'))
);
--> statement-breakpoint
CREATE TABLE "inquiry_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"inquiry_id" integer NOT NULL,
	"operator_id" integer,
	"author" text NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiry_messages_author" CHECK ("inquiry_messages"."author" in ('member','operator')),
	CONSTRAINT "inquiry_messages_internal" CHECK (not "inquiry_messages"."internal" or "inquiry_messages"."author" = 'operator')
);
--> statement-breakpoint
CREATE TABLE "inquiry_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"storage" text NOT NULL,
	"blob_key" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_assignee_id_operators_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD CONSTRAINT "inquiry_messages_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD CONSTRAINT "inquiry_messages_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_attachments" ADD CONSTRAINT "inquiry_attachments_message_id_inquiry_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."inquiry_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiries_user_idx" ON "inquiries" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "inquiries_inbox_idx" ON "inquiries" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "inquiry_messages_inquiry_idx" ON "inquiry_messages" USING btree ("inquiry_id","id");--> statement-breakpoint
CREATE INDEX "inquiry_attachments_message_idx" ON "inquiry_attachments" USING btree ("message_id");
