-- A member's shipping requests by member: automatic combining (decision 051) looks up the
-- member's open parcel inside the card choice's and the coin purchase's statements, and the
-- console's member page lists the member's parcels. Without it both read the whole table.
CREATE INDEX "shipping_requests_user_idx" ON "shipping_requests" USING btree ("user_id");
