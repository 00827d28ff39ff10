-- Roles that fit a shop (issue 27 point 1, decision 049): the owner's changes to the staff and
-- support presets, and the largest points or coins adjustment one call of the role may make.
CREATE TABLE "operator_roles" (
	"role" text PRIMARY KEY NOT NULL,
	"granted" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revoked" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"compensation_points" integer NOT NULL,
	"compensation_coins" numeric(14, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "operator_roles_role" CHECK ("operator_roles"."role" in ('staff','support')),
	CONSTRAINT "operator_roles_limits" CHECK ("operator_roles"."compensation_points" >= 0 and "operator_roles"."compensation_coins" >= 0)
);
--> statement-breakpoint
ALTER TABLE "operator_roles" ADD CONSTRAINT "operator_roles_updated_by_operators_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;
