CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"source" text NOT NULL,
	"actor" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_state" CHECK ("payment_events"."state" in ('pending','requires_action','succeeded','failed','expired','canceled'))
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "course_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","id");--> statement-breakpoint
-- A payment's history is append-only: an event is never changed, and removed only with its
-- payment (the member's account deleted: the foreign key's cascade runs after the payment row is gone).
CREATE FUNCTION "payment_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM "payments" WHERE "id" = OLD."payment_id") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'payment_events is append-only (% refused)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "payment_events_append_only" BEFORE UPDATE OR DELETE ON "payment_events"
  FOR EACH ROW EXECUTE FUNCTION "payment_events_append_only"();
