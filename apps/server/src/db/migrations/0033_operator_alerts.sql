-- Operator alerts (issue 27 point 7, decision 046): which alerts each operator gets by mail, and
-- every alert sent, unique per condition and period so each goes at most once.
CREATE TABLE "operator_alert_mails" (
	"operator_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_alert_mails_operator_id_kind_pk" PRIMARY KEY("operator_id","kind")
);
--> statement-breakpoint
CREATE TABLE "alerts_sent" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"period" text NOT NULL,
	"message" jsonb NOT NULL,
	"webhook_state" text DEFAULT 'none' NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alerts_sent_webhook_state" CHECK ("alerts_sent"."webhook_state" in ('none','sent','failed'))
);
--> statement-breakpoint
ALTER TABLE "operator_alert_mails" ADD CONSTRAINT "operator_alert_mails_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_sent_once_idx" ON "alerts_sent" USING btree ("kind","subject","period");--> statement-breakpoint
CREATE INDEX "alerts_sent_at_idx" ON "alerts_sent" USING btree ("sent_at");
