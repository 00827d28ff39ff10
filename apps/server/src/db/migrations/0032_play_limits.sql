-- The member's own limits (issue 26 point 3, decision 043): daily and monthly spending limits
-- (a raise waits 24 hours), a time-out or self-exclusion that ends point and pack purchases
-- until its end, one row a member; and every change of them, one row each.
CREATE TABLE "member_limits" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"daily_limit" integer,
	"daily_pending" integer,
	"daily_pending_from" timestamp with time zone,
	"monthly_limit" integer,
	"monthly_pending" integer,
	"monthly_pending_from" timestamp with time zone,
	"block_kind" text,
	"blocked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_limits_block_kind" CHECK ("member_limits"."block_kind" is null or "member_limits"."block_kind" in ('timeout','exclusion')),
	CONSTRAINT "member_limits_amounts" CHECK (coalesce("member_limits"."daily_limit", 0) >= 0 and coalesce("member_limits"."daily_pending", 0) >= 0 and coalesce("member_limits"."monthly_limit", 0) >= 0 and coalesce("member_limits"."monthly_pending", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "member_limit_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer,
	"period" text,
	"effective_from" timestamp with time zone NOT NULL,
	"until" timestamp with time zone,
	"actor" text NOT NULL,
	"operator_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_limit_changes_kind" CHECK ("member_limit_changes"."kind" in ('daily_limit','monthly_limit','timeout','exclusion')),
	CONSTRAINT "member_limit_changes_actor" CHECK ("member_limit_changes"."actor" in ('member','operator'))
);
--> statement-breakpoint
ALTER TABLE "member_limits" ADD CONSTRAINT "member_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "member_limit_changes" ADD CONSTRAINT "member_limit_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "member_limit_changes" ADD CONSTRAINT "member_limit_changes_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "member_limit_changes_user" ON "member_limit_changes" USING btree ("user_id","id");
