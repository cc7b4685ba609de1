CREATE TABLE "chain_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chain_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tx_hash" text NOT NULL,
	"address" text NOT NULL,
	"protocol" integer NOT NULL,
	"coin_amount_minor" bigint NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"deposit_order_id" bigint,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coin_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coin_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_code" text NOT NULL,
	"member_id" bigint NOT NULL,
	"protocol" integer NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_channels" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_code" text NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"min_minor" bigint NOT NULL,
	"max_minor" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"brand_code" text NOT NULL,
	"member_id" bigint NOT NULL,
	"channel_code" text NOT NULL,
	"channel_type" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"coin_amount_minor" bigint,
	"rate" text,
	"status" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ledger_entry_id" bigint,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_code" text NOT NULL,
	"member_id" bigint NOT NULL,
	"type" text NOT NULL,
	"institution" text NOT NULL,
	"holder_name" text NOT NULL,
	"account_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "turnover_requirements" (
	"brand_code" text NOT NULL,
	"member_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"outstanding_minor" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "turnover_requirements_not_negative" CHECK ("turnover_requirements"."outstanding_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawal_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"brand_code" text NOT NULL,
	"member_id" bigint NOT NULL,
	"payout_account_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"request_entry_id" bigint,
	"decision_entry_id" bigint,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coin_addresses" ADD CONSTRAINT "coin_addresses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_channels" ADD CONSTRAINT "deposit_channels_brand_code_brands_code_fk" FOREIGN KEY ("brand_code") REFERENCES "public"."brands"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD CONSTRAINT "deposit_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD CONSTRAINT "turnover_requirements_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_orders" ADD CONSTRAINT "withdrawal_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_orders" ADD CONSTRAINT "withdrawal_orders_payout_account_id_payout_accounts_id_fk" FOREIGN KEY ("payout_account_id") REFERENCES "public"."payout_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transfers_tx" ON "chain_transfers" USING btree ("tx_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "coin_addresses_member" ON "coin_addresses" USING btree ("brand_code","member_id","protocol");--> statement-breakpoint
CREATE UNIQUE INDEX "coin_addresses_address" ON "coin_addresses" USING btree ("address");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_channels_code" ON "deposit_channels" USING btree ("brand_code","code");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_orders_order_no" ON "deposit_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_orders_idempotency" ON "deposit_orders" USING btree ("brand_code","member_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "deposit_orders_status" ON "deposit_orders" USING btree ("brand_code","status","created_at");--> statement-breakpoint
CREATE INDEX "deposit_orders_member" ON "deposit_orders" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_live" ON "payout_accounts" USING btree ("brand_code","member_id","type","account_number") WHERE "payout_accounts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "payout_accounts_member" ON "payout_accounts" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "turnover_requirements_member" ON "turnover_requirements" USING btree ("brand_code","member_id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_orders_order_no" ON "withdrawal_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_orders_idempotency" ON "withdrawal_orders" USING btree ("brand_code","member_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "withdrawal_orders_status" ON "withdrawal_orders" USING btree ("brand_code","status","created_at");--> statement-breakpoint
CREATE INDEX "withdrawal_orders_member" ON "withdrawal_orders" USING btree ("member_id","created_at");