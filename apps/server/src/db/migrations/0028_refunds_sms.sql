CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"origin" text NOT NULL,
	"request_key" text NOT NULL,
	"amount" integer NOT NULL,
	"points_taken" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"provider_refund_ref" text DEFAULT '' NOT NULL,
	"error_code" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_state" CHECK ("payment_refunds"."state" in ('requested','succeeded','failed')),
	CONSTRAINT "payment_refunds_origin" CHECK ("payment_refunds"."origin" in ('operator','provider_refund','chargeback')),
	CONSTRAINT "payment_refunds_amount" CHECK ("payment_refunds"."amount" > 0 and "payment_refunds"."points_taken" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_pay_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"kind" text NOT NULL,
	"shop_refund_key" text DEFAULT '' NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"provider" text NOT NULL,
	"provider_message_id" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_deliveries_state" CHECK ("sms_deliveries"."state" in ('queued','sent','failed'))
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_pay_refunds" ADD CONSTRAINT "sandbox_pay_refunds_transaction_id_sandbox_pay_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."sandbox_pay_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_key_idx" ON "payment_refunds" USING btree ("payment_id","request_key");--> statement-breakpoint
CREATE INDEX "payment_refunds_user_idx" ON "payment_refunds" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_pay_refunds_key_idx" ON "sandbox_pay_refunds" USING btree ("transaction_id","shop_refund_key") WHERE "sandbox_pay_refunds"."shop_refund_key" <> '';--> statement-breakpoint
CREATE INDEX "sms_deliveries_created_idx" ON "sms_deliveries" USING btree ("created_at");