CREATE TABLE "member_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_code" text NOT NULL,
	"member_id" bigint NOT NULL,
	"text" text NOT NULL,
	"operator_id" bigint NOT NULL,
	"operator_username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_tags" (
	"member_id" bigint NOT NULL,
	"brand_code" text NOT NULL,
	"tag" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_tags_member_id_tag_pk" PRIMARY KEY("member_id","tag")
);
--> statement-breakpoint
CREATE TABLE "game_transfer_queries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_transfer_queries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transfer_id" bigint NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"operator_id" bigint,
	"answer" text NOT NULL,
	"status" text,
	"detail" text,
	"latency_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_logins" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_logins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_code" text NOT NULL,
	"member_id" bigint,
	"username" text NOT NULL,
	"result" text NOT NULL,
	"ip" text,
	"device_no" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_restrictions" (
	"member_id" bigint NOT NULL,
	"brand_code" text NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"operator_id" bigint,
	"operator_username" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_restrictions_member_id_kind_pk" PRIMARY KEY("member_id","kind")
);
--> statement-breakpoint
CREATE TABLE "deposit_order_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_order_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"brand_code" text NOT NULL,
	"operator_id" bigint NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_order_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_order_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"brand_code" text NOT NULL,
	"operator_id" bigint NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "postings_account";--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "claimed_by" bigint;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "claim_active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawal_orders" ADD COLUMN "claimed_by" bigint;--> statement-breakpoint
ALTER TABLE "withdrawal_orders" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawal_orders" ADD COLUMN "claim_active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawal_orders" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "withdrawal_orders" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tags" ADD CONSTRAINT "member_tags_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_transfer_queries" ADD CONSTRAINT "game_transfer_queries_transfer_id_game_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."game_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_transfer_queries" ADD CONSTRAINT "game_transfer_queries_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_logins" ADD CONSTRAINT "member_logins_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_restrictions" ADD CONSTRAINT "member_restrictions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_restrictions" ADD CONSTRAINT "member_restrictions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_order_notes" ADD CONSTRAINT "deposit_order_notes_order_id_deposit_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."deposit_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_order_notes" ADD CONSTRAINT "deposit_order_notes_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_order_notes" ADD CONSTRAINT "withdrawal_order_notes_order_id_withdrawal_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."withdrawal_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_order_notes" ADD CONSTRAINT "withdrawal_order_notes_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_notes_member" ON "member_notes" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "member_tags_brand_tag" ON "member_tags" USING btree ("brand_code","tag");--> statement-breakpoint
CREATE INDEX "game_transfer_queries_transfer" ON "game_transfer_queries" USING btree ("transfer_id","id");--> statement-breakpoint
CREATE INDEX "member_logins_member" ON "member_logins" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "member_logins_created" ON "member_logins" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "member_restrictions_brand_kind" ON "member_restrictions" USING btree ("brand_code","kind");--> statement-breakpoint
CREATE INDEX "deposit_order_notes_order" ON "deposit_order_notes" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawal_order_notes_order" ON "withdrawal_order_notes" USING btree ("order_id","created_at");--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD CONSTRAINT "deposit_orders_claimed_by_operators_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_orders" ADD CONSTRAINT "withdrawal_orders_claimed_by_operators_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_days_member" ON "sign_in_days" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "members_phone" ON "members" USING btree ("phone") WHERE "members"."phone" is not null;--> statement-breakpoint
CREATE INDEX "members_email" ON "members" USING btree ("email") WHERE "members"."email" is not null;--> statement-breakpoint
CREATE INDEX "members_register_ip" ON "members" USING btree ("register_ip") WHERE "members"."register_ip" is not null;--> statement-breakpoint
CREATE INDEX "members_register_device" ON "members" USING btree ("register_device_no") WHERE "members"."register_device_no" is not null;--> statement-breakpoint
CREATE INDEX "member_sessions_ip" ON "member_sessions" USING btree ("ip");--> statement-breakpoint
CREATE INDEX "member_sessions_device" ON "member_sessions" USING btree ("device_no") WHERE "member_sessions"."device_no" is not null;--> statement-breakpoint
CREATE INDEX "payout_accounts_number" ON "payout_accounts" USING btree ("account_number");--> statement-breakpoint
CREATE INDEX "postings_account" ON "postings" USING btree ("account_id","id");