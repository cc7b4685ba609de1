CREATE TABLE "report_days" (
	"brand_code" text NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"registrations" integer DEFAULT 0 NOT NULL,
	"ftd_count" integer DEFAULT 0 NOT NULL,
	"ftd_minor" bigint DEFAULT 0 NOT NULL,
	"deposit_minor" bigint DEFAULT 0 NOT NULL,
	"deposit_count" integer DEFAULT 0 NOT NULL,
	"withdrawal_minor" bigint DEFAULT 0 NOT NULL,
	"withdrawal_count" integer DEFAULT 0 NOT NULL,
	"bet_minor" bigint DEFAULT 0 NOT NULL,
	"valid_bet_minor" bigint DEFAULT 0 NOT NULL,
	"payout_minor" bigint DEFAULT 0 NOT NULL,
	"rounds" bigint DEFAULT 0 NOT NULL,
	"bonus_minor" bigint DEFAULT 0 NOT NULL,
	"rebate_minor" bigint DEFAULT 0 NOT NULL,
	"commission_minor" bigint DEFAULT 0 NOT NULL,
	"active_members" integer DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_days_pk" PRIMARY KEY("brand_code","day")
);
--> statement-breakpoint
CREATE TABLE "report_game_days" (
	"brand_code" text NOT NULL,
	"day" date NOT NULL,
	"platform_id" integer NOT NULL,
	"game_code" text NOT NULL,
	"category" integer NOT NULL,
	"currency" text NOT NULL,
	"bet_minor" bigint NOT NULL,
	"valid_bet_minor" bigint NOT NULL,
	"payout_minor" bigint NOT NULL,
	"rounds" bigint NOT NULL,
	"players" integer NOT NULL,
	CONSTRAINT "report_game_days_pk" PRIMARY KEY("brand_code","day","platform_id","game_code","category")
);
--> statement-breakpoint
CREATE TABLE "report_member_days" (
	"brand_code" text NOT NULL,
	"day" date NOT NULL,
	"member_id" bigint NOT NULL,
	"agent_id" bigint,
	"currency" text NOT NULL,
	"bet_minor" bigint DEFAULT 0 NOT NULL,
	"valid_bet_minor" bigint DEFAULT 0 NOT NULL,
	"payout_minor" bigint DEFAULT 0 NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"deposit_minor" bigint DEFAULT 0 NOT NULL,
	"deposit_count" integer DEFAULT 0 NOT NULL,
	"ftd_minor" bigint,
	"withdrawal_minor" bigint DEFAULT 0 NOT NULL,
	"withdrawal_count" integer DEFAULT 0 NOT NULL,
	"bonus_minor" bigint DEFAULT 0 NOT NULL,
	"rebate_minor" bigint DEFAULT 0 NOT NULL,
	"commission_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_member_days_pk" PRIMARY KEY("brand_code","day","member_id")
);
--> statement-breakpoint
CREATE INDEX "report_member_days_member" ON "report_member_days" USING btree ("member_id","day");--> statement-breakpoint
-- Covering indexes: the reads that sums per day cannot answer (distinct active members, per agent,
-- per-member sums for the top players) scan only these, index-only (decision 0022).
CREATE INDEX "report_member_days_active" ON "report_member_days" USING btree ("brand_code","day","member_id","currency") WHERE "report_member_days"."rounds" > 0 or "report_member_days"."deposit_count" > 0;--> statement-breakpoint
CREATE INDEX "report_member_days_agent" ON "report_member_days" USING btree ("brand_code","agent_id","day","member_id") WHERE "report_member_days"."agent_id" is not null and ("report_member_days"."rounds" > 0 or "report_member_days"."deposit_count" > 0);--> statement-breakpoint
CREATE INDEX "report_member_days_players" ON "report_member_days" USING btree ("brand_code","day","member_id","currency","bet_minor","payout_minor","valid_bet_minor","rounds") WHERE "report_member_days"."rounds" > 0;--> statement-breakpoint
CREATE INDEX "report_member_days_deposits" ON "report_member_days" USING btree ("member_id","day") WHERE "report_member_days"."deposit_count" > 0;--> statement-breakpoint
CREATE TABLE "report_agent_days" (
	"brand_code" text NOT NULL,
	"day" date NOT NULL,
	"agent_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"deposit_minor" bigint NOT NULL,
	"valid_bet_minor" bigint NOT NULL,
	"ggr_minor" bigint NOT NULL,
	"commission_minor" bigint NOT NULL,
	CONSTRAINT "report_agent_days_pk" PRIMARY KEY("brand_code","day","agent_id")
);
--> statement-breakpoint
CREATE TABLE "report_cohort_weeks" (
	"brand_code" text NOT NULL,
	"registered_on" date NOT NULL,
	"week" date NOT NULL,
	"active" integer NOT NULL,
	"depositing" integer NOT NULL,
	CONSTRAINT "report_cohort_weeks_pk" PRIMARY KEY("brand_code","registered_on","week")
);
--> statement-breakpoint
CREATE INDEX "report_cohort_weeks_week" ON "report_cohort_weeks" USING btree ("brand_code","week");--> statement-breakpoint
CREATE TABLE "report_member_months" (
	"brand_code" text NOT NULL,
	"month" date NOT NULL,
	"member_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"active_days" integer NOT NULL,
	CONSTRAINT "report_member_months_pk" PRIMARY KEY("brand_code","month","member_id")
);
--> statement-breakpoint
-- The ledger's entries of a brand by time (the ledger module declares it): the report sweep
-- recomputes a brand's day from them, which without it scanned every entry per brand-day.
CREATE INDEX "journal_entries_brand_created" ON "journal_entries" USING btree ("brand_code","created_at");
