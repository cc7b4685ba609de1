CREATE TABLE "agent_applications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_code" text NOT NULL,
	"member_id" bigint NOT NULL,
	"contact" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_by" text,
	"review_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agent_commission_statements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_commission_statements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_code" text NOT NULL,
	"agent_member_id" bigint NOT NULL,
	"month" text NOT NULL,
	"currency" text NOT NULL,
	"active_members" integer NOT NULL,
	"bet_minor" bigint NOT NULL,
	"valid_bet_minor" bigint NOT NULL,
	"payout_minor" bigint NOT NULL,
	"bonus_minor" bigint NOT NULL,
	"net_revenue_minor" bigint NOT NULL,
	"share_bp" integer NOT NULL,
	"commission_minor" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_by" text,
	"review_note" text,
	"ledger_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agent_commission_tiers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_commission_tiers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_code" text NOT NULL,
	"min_active_members" integer NOT NULL,
	"min_net_revenue_minor" bigint NOT NULL,
	"share_bp" integer NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_commission_tiers_share" CHECK ("agent_commission_tiers"."share_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"brand_code" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"approved_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_code" text NOT NULL,
	"member_id" bigint,
	"guest_key" text,
	"display_name" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"operator_id" bigint,
	"visitor_read_id" bigint DEFAULT 0 NOT NULL,
	"operator_read_id" bigint DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" bigint NOT NULL,
	"sender" text NOT NULL,
	"operator_id" bigint,
	"body" text DEFAULT '' NOT NULL,
	"upload_id" text,
	"client_message_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_exchanges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_exchanges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_code" text NOT NULL,
	"promotion_id" bigint NOT NULL,
	"gift_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"turnover_cost_minor" bigint NOT NULL,
	"reward_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"shipping" jsonb,
	"ledger_entry_id" bigint,
	"handled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_vips" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"brand_code" text NOT NULL,
	"level" integer NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_banners" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_code" text NOT NULL,
	"placement" text NOT NULL,
	"title" jsonb NOT NULL,
	"body" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"link_url" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_claims" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_code" text NOT NULL,
	"promotion_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"status" text NOT NULL,
	"deposit_order_no" text,
	"deposit_minor" bigint,
	"reward_minor" bigint DEFAULT 0 NOT NULL,
	"turnover_minor" bigint DEFAULT 0 NOT NULL,
	"application_note" text,
	"reviewed_by" text,
	"review_note" text,
	"ledger_entry_id" bigint,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "promotion_gifts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_gifts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_code" text NOT NULL,
	"promotion_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"name" jsonb NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"turnover_cost_minor" bigint NOT NULL,
	"reward_minor" bigint DEFAULT 0 NOT NULL,
	"stock" integer,
	"per_member_limit" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "promotion_gifts_stock" CHECK ("promotion_gifts"."stock" is null or "promotion_gifts"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_code" text NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"title" jsonb NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"body" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"eligibility" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"turnover_multiplier_percent" integer DEFAULT 100 NOT NULL,
	"budget_minor" bigint,
	"spent_minor" bigint DEFAULT 0 NOT NULL,
	"per_member_limit" integer,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_budget" CHECK ("promotions"."budget_minor" is null or "promotions"."spent_minor" <= "promotions"."budget_minor")
);
--> statement-breakpoint
CREATE TABLE "sign_in_days" (
	"brand_code" text NOT NULL,
	"promotion_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"streak" integer NOT NULL,
	"reward_minor" bigint NOT NULL,
	"cost_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"ledger_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_levels" (
	"brand_code" text NOT NULL,
	"level" integer NOT NULL,
	"deposit_threshold_minor" bigint NOT NULL,
	"turnover_threshold_minor" bigint NOT NULL,
	"upgrade_bonus_minor" bigint NOT NULL,
	"monthly_bonus_minor" bigint NOT NULL,
	"rebate_rates_bp" jsonb NOT NULL,
	"withdraw_daily_count" integer NOT NULL,
	"withdraw_daily_max_minor" bigint NOT NULL,
	"bonus_turnover_multiplier_percent" integer DEFAULT 100 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_levels_range" CHECK ("vip_levels"."level" between 0 and 30)
);
--> statement-breakpoint
CREATE TABLE "vip_rewards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vip_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_code" text NOT NULL,
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"level" integer NOT NULL,
	"period" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"breakdown" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ledger_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_applications" ADD CONSTRAINT "agent_applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_commission_statements" ADD CONSTRAINT "agent_commission_statements_agent_member_id_members_id_fk" FOREIGN KEY ("agent_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_exchanges" ADD CONSTRAINT "gift_exchanges_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_exchanges" ADD CONSTRAINT "gift_exchanges_gift_id_promotion_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."promotion_gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_exchanges" ADD CONSTRAINT "gift_exchanges_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_vips" ADD CONSTRAINT "member_vips_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_gifts" ADD CONSTRAINT "promotion_gifts_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_days" ADD CONSTRAINT "sign_in_days_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_days" ADD CONSTRAINT "sign_in_days_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_rewards" ADD CONSTRAINT "vip_rewards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_applications_review" ON "agent_applications" USING btree ("brand_code","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_applications_pending" ON "agent_applications" USING btree ("member_id") WHERE "agent_applications"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "agent_commission_statements_key" ON "agent_commission_statements" USING btree ("agent_member_id","month");--> statement-breakpoint
CREATE INDEX "agent_commission_statements_review" ON "agent_commission_statements" USING btree ("brand_code","status","month");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_commission_tiers_key" ON "agent_commission_tiers" USING btree ("brand_code","min_active_members","min_net_revenue_minor");--> statement-breakpoint
CREATE INDEX "chat_conversations_queue" ON "chat_conversations" USING btree ("brand_code","status","last_message_at");--> statement-breakpoint
CREATE INDEX "chat_conversations_member" ON "chat_conversations" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_conversations_guest" ON "chat_conversations" USING btree ("brand_code","guest_key","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_member_live" ON "chat_conversations" USING btree ("member_id") WHERE "chat_conversations"."status" <> 'closed' and "chat_conversations"."member_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_guest_live" ON "chat_conversations" USING btree ("brand_code","guest_key") WHERE "chat_conversations"."status" <> 'closed' and "chat_conversations"."guest_key" is not null;--> statement-breakpoint
CREATE INDEX "chat_messages_conversation" ON "chat_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_id" ON "chat_messages" USING btree ("conversation_id","sender","client_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_exchanges_key" ON "gift_exchanges" USING btree ("member_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "gift_exchanges_member" ON "gift_exchanges" USING btree ("member_id","promotion_id");--> statement-breakpoint
CREATE INDEX "promo_banners_brand" ON "promo_banners" USING btree ("brand_code","placement","sort");--> statement-breakpoint
CREATE INDEX "promotion_claims_member" ON "promotion_claims" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "promotion_claims_review" ON "promotion_claims" USING btree ("brand_code","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_claims_deposit" ON "promotion_claims" USING btree ("promotion_id","deposit_order_no") WHERE "promotion_claims"."deposit_order_no" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_claims_open" ON "promotion_claims" USING btree ("promotion_id","member_id") WHERE "promotion_claims"."status" in ('joined', 'pending');--> statement-breakpoint
CREATE INDEX "promotion_gifts_promotion" ON "promotion_gifts" USING btree ("promotion_id","sort");--> statement-breakpoint
CREATE INDEX "promotions_brand" ON "promotions" USING btree ("brand_code","status","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_days_key" ON "sign_in_days" USING btree ("promotion_id","member_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_levels_key" ON "vip_levels" USING btree ("brand_code","level");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_rewards_key" ON "vip_rewards" USING btree ("member_id","kind","level","period");--> statement-breakpoint
CREATE INDEX "vip_rewards_member" ON "vip_rewards" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "game_bet_records_synced" ON "game_bet_records" USING btree ("synced_at");--> statement-breakpoint
CREATE INDEX "game_bet_records_brand_settled" ON "game_bet_records" USING btree ("brand_code","settled_at");--> statement-breakpoint
CREATE INDEX "members_referrer" ON "members" USING btree ("referrer_member_id");