CREATE TABLE "operator_roles" (
	"key" text PRIMARY KEY NOT NULL,
	"permissions" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "all_brands" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "brands" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- The two roles before permissions: admin could do everything, cashier was never checked and
-- worked the cashier queues. Both acted in every brand.
UPDATE "operators" SET "role" = 'super_admin' WHERE "role" = 'admin';--> statement-breakpoint
UPDATE "operators" SET "role" = 'finance' WHERE "role" = 'cashier';--> statement-breakpoint
UPDATE "operators" SET "all_brands" = true;
