CREATE TABLE "exclusion_registry" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exclusion_registry_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"identifier_hash" text NOT NULL,
	"identifier_kind" text NOT NULL,
	"exclusion_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"brand_code" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_exclusions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_exclusions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"brand_code" text NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"end_requested_at" timestamp with time zone,
	"endable_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "member_exclusions_period" CHECK ("member_exclusions"."ends_at" is null or "member_exclusions"."ends_at" > "member_exclusions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "member_limits" (
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"amount" bigint NOT NULL,
	"pending_amount" bigint,
	"pending_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_limits_member_id_kind_period_pk" PRIMARY KEY("member_id","kind","period"),
	CONSTRAINT "member_limits_amount" CHECK ("member_limits"."amount" > 0),
	CONSTRAINT "member_limits_pending" CHECK ("member_limits"."pending_amount" is null or "member_limits"."pending_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "member_play_settings" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"reality_check_minutes" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_play_time" (
	"member_id" bigint NOT NULL,
	"day" text NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_play_time_member_id_day_pk" PRIMARY KEY("member_id","day")
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "member_restrictions" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "compliance" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "member_exclusions" ADD CONSTRAINT "member_exclusions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_limits" ADD CONSTRAINT "member_limits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_play_settings" ADD CONSTRAINT "member_play_settings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_play_time" ADD CONSTRAINT "member_play_time_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exclusion_registry_hash" ON "exclusion_registry" USING btree ("identifier_hash");--> statement-breakpoint
CREATE INDEX "exclusion_registry_exclusion" ON "exclusion_registry" USING btree ("exclusion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_exclusions_one_live" ON "member_exclusions" USING btree ("member_id") WHERE "member_exclusions"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "seamless_transactions_member" ON "seamless_transactions" USING btree ("member_id","created_at");