ALTER TABLE "game_platform_settings" ADD COLUMN "reason" text;--> statement-breakpoint
CREATE TABLE "game_brand_platform_maintenance" (
	"brand_code" text NOT NULL,
	"platform_id" integer NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"reason" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_brand_platform_maintenance_brand_code_platform_id_pk" PRIMARY KEY("brand_code","platform_id")
);
--> statement-breakpoint
ALTER TABLE "game_brand_platform_maintenance" ADD CONSTRAINT "game_brand_platform_maintenance_brand_code_brands_code_fk" FOREIGN KEY ("brand_code") REFERENCES "public"."brands"("code") ON DELETE cascade ON UPDATE no action;
