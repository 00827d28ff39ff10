-- Age and spending safety (issue 26, decision 037): a member's date of birth and a minor's
-- confirmation of a guardian's consent, one row a member. Point purchases lock the row.
CREATE TABLE "member_ages" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"birth_date" date NOT NULL,
	"guardian_consent_at" timestamp with time zone,
	"source" text DEFAULT 'member' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_ages_source" CHECK ("member_ages"."source" in ('member','operator'))
);
--> statement-breakpoint
ALTER TABLE "member_ages" ADD CONSTRAINT "member_ages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;