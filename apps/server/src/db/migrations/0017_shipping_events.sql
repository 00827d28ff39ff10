CREATE TABLE "shipping_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"operator_id" integer,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_events_to_state" CHECK ("shipping_events"."to_state" in ('requested','picking','packed','shipped','delivered','returned','cancelled'))
);
--> statement-breakpoint
CREATE TABLE "shipping_parcels" (
	"request_id" integer PRIMARY KEY NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_parcels_carrier" CHECK ("shipping_parcels"."carrier" in ('yamato','sagawa','japanpost'))
);
--> statement-breakpoint
ALTER TABLE "shipping_events" ADD CONSTRAINT "shipping_events_request_id_shipping_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."shipping_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_events" ADD CONSTRAINT "shipping_events_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_parcels" ADD CONSTRAINT "shipping_parcels_request_id_shipping_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."shipping_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_events_request_state_idx" ON "shipping_events" USING btree ("request_id","to_state");--> statement-breakpoint
CREATE INDEX "shipping_events_created_idx" ON "shipping_events" USING btree ("created_at");