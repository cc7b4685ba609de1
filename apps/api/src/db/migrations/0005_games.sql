CREATE TABLE "game_bet_records" (
	"platform_id" integer NOT NULL,
	"round_id" text NOT NULL,
	"brand_code" text NOT NULL,
	"member_id" bigint NOT NULL,
	"game_code" text NOT NULL,
	"category" integer NOT NULL,
	"currency" text NOT NULL,
	"bet_minor" bigint NOT NULL,
	"valid_bet_minor" bigint NOT NULL,
	"payout_minor" bigint NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_platform_settings" (
	"platform_id" integer PRIMARY KEY NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_players" (
	"brand_code" text NOT NULL,
	"member_id" bigint NOT NULL,
	"platform_id" integer NOT NULL,
	"player" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"brand_code" text NOT NULL,
	"member_id" bigint NOT NULL,
	"platform_id" integer NOT NULL,
	"direction" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"recycle_batch" text,
	"check_attempts" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone,
	"last_error" text,
	"reserve_entry_id" bigint,
	"final_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "seamless_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seamless_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"platform_id" integer NOT NULL,
	"transaction_id" text NOT NULL,
	"kind" text NOT NULL,
	"brand_code" text NOT NULL,
	"member_id" bigint NOT NULL,
	"round_id" text NOT NULL,
	"game_code" text,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"related_transaction_id" text,
	"rolled_back" boolean DEFAULT false NOT NULL,
	"request_hash" text NOT NULL,
	"ledger_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "auto_transfer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "game_bet_records" ADD CONSTRAINT "game_bet_records_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_players" ADD CONSTRAINT "game_players_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_transfers" ADD CONSTRAINT "game_transfers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seamless_transactions" ADD CONSTRAINT "seamless_transactions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_bet_records_round" ON "game_bet_records" USING btree ("platform_id","round_id");--> statement-breakpoint
CREATE INDEX "game_bet_records_member" ON "game_bet_records" USING btree ("member_id","settled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_players_member" ON "game_players" USING btree ("member_id","platform_id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_players_player" ON "game_players" USING btree ("platform_id","player");--> statement-breakpoint
CREATE UNIQUE INDEX "game_transfers_order_no" ON "game_transfers" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "game_transfers_idempotency" ON "game_transfers" USING btree ("brand_code","member_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "game_transfers_in_transit" ON "game_transfers" USING btree ("next_check_at") WHERE "game_transfers"."status" = 'in_transit';--> statement-breakpoint
CREATE UNIQUE INDEX "game_transfers_one_in_transit" ON "game_transfers" USING btree ("member_id","platform_id") WHERE "game_transfers"."status" = 'in_transit';--> statement-breakpoint
CREATE INDEX "game_transfers_member" ON "game_transfers" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seamless_transactions_id" ON "seamless_transactions" USING btree ("platform_id","transaction_id");--> statement-breakpoint
CREATE INDEX "seamless_transactions_round" ON "seamless_transactions" USING btree ("platform_id","round_id");