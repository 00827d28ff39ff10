-- Combined parcels (同梱, issue 27 point 5, decision 051): a request that ships in another
-- request's parcel names that request (the parcel's lead, which names none). One column, so a
-- request can never be in two parcels.
ALTER TABLE "shipping_requests" ADD COLUMN "parcel_id" integer;
--> statement-breakpoint
ALTER TABLE "shipping_requests" ADD CONSTRAINT "shipping_requests_parcel_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."shipping_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_requests" ADD CONSTRAINT "shipping_requests_parcel_not_self" CHECK ("shipping_requests"."parcel_id" is null or "shipping_requests"."parcel_id" <> "shipping_requests"."id");--> statement-breakpoint
CREATE INDEX "shipping_requests_parcel_idx" ON "shipping_requests" USING btree ("parcel_id") WHERE "shipping_requests"."parcel_id" is not null;
