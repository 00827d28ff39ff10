-- LINE Login (decision 057): a member's sign-in identities at an outside provider. A row links
-- one LINE user (the ID token's sub for the shop's channel) to one member. Unlinking keeps the
-- row with unlinked_at set, so "this member signed up through LINE" (signed_up) survives it:
-- such a member buys nothing until the shop's own SMS verification is done.
CREATE TABLE "member_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"signed_up" boolean DEFAULT false NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unlinked_at" timestamp with time zone,
	CONSTRAINT "member_identities_provider" CHECK ("member_identities"."provider" in ('line'))
);
--> statement-breakpoint
ALTER TABLE "member_identities" ADD CONSTRAINT "member_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "member_identities_subject_idx" ON "member_identities" USING btree ("provider","subject") WHERE "member_identities"."unlinked_at" is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "member_identities_member_idx" ON "member_identities" USING btree ("user_id","provider") WHERE "member_identities"."unlinked_at" is null;
--> statement-breakpoint
CREATE INDEX "member_identities_user_idx" ON "member_identities" USING btree ("user_id");
