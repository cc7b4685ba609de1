CREATE TABLE "brand_hosts" (
	"host" text PRIMARY KEY NOT NULL,
	"brand_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"code" text PRIMARY KEY NOT NULL,
	"site_name" text NOT NULL,
	"tagline" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"theme" jsonb NOT NULL,
	"platform_ids" text DEFAULT '' NOT NULL,
	"avatar_url" text NOT NULL,
	"currency_icon_url" text NOT NULL,
	"currency_code" text DEFAULT 'CNY' NOT NULL,
	"currency_symbol" text,
	"statistics" jsonb NOT NULL,
	"contacts" jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"asset_version" text DEFAULT '1' NOT NULL,
	"revision" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"cursor" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_count" integer DEFAULT 0 NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_status" text,
	"last_error" text,
	"next_due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"running_owner" text
);
--> statement-breakpoint
ALTER TABLE "brand_hosts" ADD CONSTRAINT "brand_hosts_brand_code_brands_code_fk" FOREIGN KEY ("brand_code") REFERENCES "public"."brands"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_hosts_brand_code" ON "brand_hosts" USING btree ("brand_code");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_one_default" ON "brands" USING btree ("is_default") WHERE "brands"."is_default";