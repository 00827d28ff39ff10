CREATE TABLE "throttle_hits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "throttle_hits_key_idx" ON "throttle_hits" USING btree ("scope","key","created_at");--> statement-breakpoint
CREATE INDEX "throttle_hits_created_idx" ON "throttle_hits" USING btree ("created_at");