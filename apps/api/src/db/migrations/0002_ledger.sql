CREATE TABLE "journal_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "journal_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_code" text NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text NOT NULL,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_code" text NOT NULL,
	"kind" text NOT NULL,
	"member_id" bigint,
	"ref" text DEFAULT '' NOT NULL,
	"shard" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"allow_negative" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_not_negative" CHECK ("ledger_accounts"."allow_negative" or "ledger_accounts"."balance_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "postings_not_zero" CHECK ("postings"."amount_minor" <> 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_idempotency" ON "journal_entries" USING btree ("brand_code","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_identity" ON "ledger_accounts" USING btree ("brand_code","kind",coalesce("member_id", 0),"ref","currency","shard");--> statement-breakpoint
CREATE INDEX "ledger_accounts_member" ON "ledger_accounts" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "postings_entry" ON "postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "postings_account" ON "postings" USING btree ("account_id");--> statement-breakpoint
-- Journal entries and postings are append-only: a mistake is corrected by a new entry.
CREATE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only (% on %)', TG_OP, TG_TABLE_NAME;
END
$$;--> statement-breakpoint
CREATE TRIGGER "journal_entries_append_only" BEFORE UPDATE OR DELETE ON "journal_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "postings_append_only" BEFORE UPDATE OR DELETE ON "postings" FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();
