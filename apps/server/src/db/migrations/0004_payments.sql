CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"point" integer NOT NULL,
	"amount" integer NOT NULL,
	"tax" integer NOT NULL,
	"pay_id" smallint NOT NULL,
	"option" text DEFAULT '' NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"receipt_number" text DEFAULT '' NOT NULL,
	"payer_name" text DEFAULT '' NOT NULL,
	"action_url" text DEFAULT '' NOT NULL,
	"pack_id" integer,
	"error_code" text DEFAULT '' NOT NULL,
	"due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payments_state" CHECK ("payments"."state" in ('pending','requires_action','succeeded','failed','expired','canceled')),
	CONSTRAINT "payments_amount" CHECK ("payments"."amount" > 0 and "payments"."point" > 0 and "payments"."tax" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"payload" jsonb NOT NULL,
	"pay_method" text NOT NULL,
	"order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_pay_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"kind" text NOT NULL,
	"masked" text DEFAULT '' NOT NULL,
	"scenario" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_pay_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"pay_id" smallint NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"scenario" text DEFAULT '' NOT NULL,
	"error_code" text DEFAULT '' NOT NULL,
	"option" text DEFAULT '' NOT NULL,
	"masked" text DEFAULT '' NOT NULL,
	"receipt_number" text DEFAULT '' NOT NULL,
	"confirm_number" text DEFAULT '' NOT NULL,
	"payer_name" text DEFAULT '' NOT NULL,
	"return_url" text DEFAULT '' NOT NULL,
	"due_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_course_id_point_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."point_courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_idx" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "payments_due_idx" ON "payments" USING btree ("due_at") WHERE "payments"."state" in ('pending','requires_action');--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_pay_transactions_order_idx" ON "sandbox_pay_transactions" USING btree ("order_id");