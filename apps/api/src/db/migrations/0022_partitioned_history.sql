-- Issue 17, point 8 (decision 0028): the append-only tables that grow without end are partitioned by
-- month (UTC) with PostgreSQL's declarative partitioning. Each has a DEFAULT partition, so a row
-- dated outside the months created (a provider's late round, a test's backdated entry) is never
-- refused; lobby_month_partition moves such rows into their month when it is created. The
-- `partitions` sweep creates the months ahead and, where a retention is set and the law allows,
-- drops the months past it (never the ledger's or the event log's).
--
-- A unique index of a partitioned table must hold its partition key, so the ledger's idempotency
-- keys move to their own table, journal_keys, which the movement statement inserts first.

-- The month partition of `parent` that holds `month` (any day of it), created if missing; rows of
-- that month waiting in the default partition are moved into it, with its triggers (append-only)
-- off for that one move. True when it was created.
CREATE FUNCTION lobby_month_partition(parent text, month date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  first_day date := date_trunc('month', month)::date;
  lower_bound timestamptz := first_day::timestamp AT TIME ZONE 'UTC';
  upper_bound timestamptz := (first_day + interval '1 month')::timestamp AT TIME ZONE 'UTC';
  child text := parent || '_p' || to_char(first_day, 'YYYYMM');
  fallback text := parent || '_default';
  key_column text;
  waiting boolean;
BEGIN
  IF to_regclass(format('%I', child)) IS NOT NULL THEN
    RETURN false;
  END IF;
  SELECT a.attname INTO STRICT key_column
    FROM pg_partitioned_table p
    JOIN pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = p.partattrs[0]
    WHERE p.partrelid = format('%I', parent)::regclass;
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE %I >= $1 AND %I < $2)', fallback, key_column, key_column)
    INTO waiting USING lower_bound, upper_bound;
  IF waiting THEN
    EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', child, parent);
    EXECUTE format('INSERT INTO %I SELECT * FROM %I WHERE %I >= $1 AND %I < $2', child, fallback, key_column, key_column)
      USING lower_bound, upper_bound;
    EXECUTE format('ALTER TABLE %I DISABLE TRIGGER USER', fallback);
    EXECUTE format('DELETE FROM %I WHERE %I >= $1 AND %I < $2', fallback, key_column, key_column)
      USING lower_bound, upper_bound;
    EXECUTE format('ALTER TABLE %I ENABLE TRIGGER USER', fallback);
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, child, lower_bound, upper_bound);
  ELSE
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', child, parent, lower_bound, upper_bound);
  END IF;
  RETURN true;
END
$$;--> statement-breakpoint

-- Retention: drops the month partitions of `parent` that end on or before `cutoff` and deletes the
-- default partition's rows older than it. Refused for the ledger and the significant-event log,
-- whatever the caller asks. The number of months dropped.
CREATE FUNCTION lobby_drop_months_before(parent text, cutoff timestamptz) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  child record;
  dropped integer := 0;
  key_column text;
BEGIN
  IF parent IN ('journal_entries', 'postings', 'journal_keys', 'audit_events') THEN
    RAISE EXCEPTION 'no retention for %: money and the event log are kept', parent;
  END IF;
  SELECT a.attname INTO STRICT key_column
    FROM pg_partitioned_table p
    JOIN pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = p.partattrs[0]
    WHERE p.partrelid = format('%I', parent)::regclass;
  FOR child IN
    SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = format('%I', parent)::regclass
      AND c.relname ~ ('^' || parent || '_p[0-9]{6}$')
      AND (to_date(right(c.relname, 6), 'YYYYMM') + interval '1 month')::timestamp AT TIME ZONE 'UTC' <= cutoff
    ORDER BY c.relname
  LOOP
    EXECUTE format('DROP TABLE %I', child.relname);
    dropped := dropped + 1;
  END LOOP;
  EXECUTE format('ALTER TABLE %I DISABLE TRIGGER USER', parent || '_default');
  EXECUTE format('DELETE FROM %I WHERE %I < $1', parent || '_default', key_column) USING cutoff;
  EXECUTE format('ALTER TABLE %I ENABLE TRIGGER USER', parent || '_default');
  RETURN dropped;
END
$$;--> statement-breakpoint

-- For this migration only: names a new table's identity sequence as drizzle-kit would.
CREATE FUNCTION lobby_rename_identity(parent text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER SEQUENCE %s RENAME TO %I', pg_get_serial_sequence(format('%I', parent), 'id'), parent || '_id_seq');
END
$$;--> statement-breakpoint

-- The ledger's idempotency keys, one per entry, unique within a brand.
CREATE TABLE "journal_keys" (
	"brand_code" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"entry_id" bigint NOT NULL,
	CONSTRAINT "journal_keys_pkey" PRIMARY KEY("brand_code","idempotency_key")
);--> statement-breakpoint
INSERT INTO "journal_keys" ("brand_code", "idempotency_key", "entry_id")
SELECT "brand_code", "idempotency_key", "id" FROM "journal_entries";--> statement-breakpoint
CREATE TRIGGER "journal_keys_append_only" BEFORE UPDATE OR DELETE ON "journal_keys" FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint

-- journal_entries: by month of created_at
ALTER TABLE "journal_entries" RENAME TO "journal_entries_unpartitioned";--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" bigint GENERATED ALWAYS AS IDENTITY,
	"brand_code" text NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text NOT NULL,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE TABLE "journal_entries_default" PARTITION OF "journal_entries" DEFAULT;--> statement-breakpoint
SELECT lobby_month_partition('journal_entries', month) FROM (
	SELECT DISTINCT date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date AS month FROM "journal_entries_unpartitioned"
	UNION SELECT (date_trunc('month', now() AT TIME ZONE 'UTC') + ahead * interval '1 month')::date
	FROM generate_series(0, 3) AS ahead
) AS months;--> statement-breakpoint
INSERT INTO "journal_entries" ("id", "brand_code", "reason", "idempotency_key", "request_hash", "actor_type", "actor_id", "memo", "created_at") OVERRIDING SYSTEM VALUE
SELECT "id", "brand_code", "reason", "idempotency_key", "request_hash", "actor_type", "actor_id", "memo", "created_at" FROM "journal_entries_unpartitioned";--> statement-breakpoint

-- postings: by month of created_at
ALTER TABLE "postings" RENAME TO "postings_unpartitioned";--> statement-breakpoint
CREATE TABLE "postings" (
	"id" bigint GENERATED ALWAYS AS IDENTITY,
	"entry_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE TABLE "postings_default" PARTITION OF "postings" DEFAULT;--> statement-breakpoint
SELECT lobby_month_partition('postings', month) FROM (
	SELECT DISTINCT date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date AS month FROM "journal_entries"
	UNION SELECT (date_trunc('month', now() AT TIME ZONE 'UTC') + ahead * interval '1 month')::date
	FROM generate_series(0, 3) AS ahead
) AS months;--> statement-breakpoint
INSERT INTO "postings" ("id", "entry_id", "account_id", "currency", "amount_minor", "created_at") OVERRIDING SYSTEM VALUE
SELECT p."id", p."entry_id", p."account_id", p."currency", p."amount_minor", e."created_at" FROM "postings_unpartitioned" p JOIN "journal_entries" e ON e."id" = p."entry_id";--> statement-breakpoint

-- game_bet_records: by month of settled_at
ALTER TABLE "game_bet_records" RENAME TO "game_bet_records_unpartitioned";--> statement-breakpoint
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
) PARTITION BY RANGE ("settled_at");--> statement-breakpoint
CREATE TABLE "game_bet_records_default" PARTITION OF "game_bet_records" DEFAULT;--> statement-breakpoint
SELECT lobby_month_partition('game_bet_records', month) FROM (
	SELECT DISTINCT date_trunc('month', "settled_at" AT TIME ZONE 'UTC')::date AS month FROM "game_bet_records_unpartitioned"
	UNION SELECT (date_trunc('month', now() AT TIME ZONE 'UTC') + ahead * interval '1 month')::date
	FROM generate_series(0, 3) AS ahead
) AS months;--> statement-breakpoint
INSERT INTO "game_bet_records" ("platform_id", "round_id", "brand_code", "member_id", "game_code", "category", "currency", "bet_minor", "valid_bet_minor", "payout_minor", "placed_at", "settled_at", "synced_at")
SELECT "platform_id", "round_id", "brand_code", "member_id", "game_code", "category", "currency", "bet_minor", "valid_bet_minor", "payout_minor", "placed_at", "settled_at", "synced_at" FROM "game_bet_records_unpartitioned";--> statement-breakpoint

-- member_sessions: by month of created_at
ALTER TABLE "member_sessions" RENAME TO "member_sessions_unpartitioned";--> statement-breakpoint
CREATE TABLE "member_sessions" (
	"id" bigint GENERATED ALWAYS AS IDENTITY,
	"brand_code" text NOT NULL,
	"member_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"previous_token_hash" text,
	"rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	"ip" text,
	"device_no" text,
	"user_agent" text
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE TABLE "member_sessions_default" PARTITION OF "member_sessions" DEFAULT;--> statement-breakpoint
SELECT lobby_month_partition('member_sessions', month) FROM (
	SELECT DISTINCT date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date AS month FROM "member_sessions_unpartitioned"
	UNION SELECT (date_trunc('month', now() AT TIME ZONE 'UTC') + ahead * interval '1 month')::date
	FROM generate_series(0, 3) AS ahead
) AS months;--> statement-breakpoint
INSERT INTO "member_sessions" ("id", "brand_code", "member_id", "token_hash", "previous_token_hash", "rotated_at", "created_at", "last_seen_at", "revoked_at", "revoke_reason", "ip", "device_no", "user_agent") OVERRIDING SYSTEM VALUE
SELECT "id", "brand_code", "member_id", "token_hash", "previous_token_hash", "rotated_at", "created_at", "last_seen_at", "revoked_at", "revoke_reason", "ip", "device_no", "user_agent" FROM "member_sessions_unpartitioned";--> statement-breakpoint

-- operator_actions: by month of created_at
ALTER TABLE "operator_actions" RENAME TO "operator_actions_unpartitioned";--> statement-breakpoint
CREATE TABLE "operator_actions" (
	"id" bigint GENERATED ALWAYS AS IDENTITY,
	"operator_id" bigint NOT NULL,
	"action" text NOT NULL,
	"brand_code" text,
	"target_type" text,
	"target_id" text,
	"reason" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE TABLE "operator_actions_default" PARTITION OF "operator_actions" DEFAULT;--> statement-breakpoint
SELECT lobby_month_partition('operator_actions', month) FROM (
	SELECT DISTINCT date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date AS month FROM "operator_actions_unpartitioned"
	UNION SELECT (date_trunc('month', now() AT TIME ZONE 'UTC') + ahead * interval '1 month')::date
	FROM generate_series(0, 3) AS ahead
) AS months;--> statement-breakpoint
INSERT INTO "operator_actions" ("id", "operator_id", "action", "brand_code", "target_type", "target_id", "reason", "details", "ip", "created_at") OVERRIDING SYSTEM VALUE
SELECT "id", "operator_id", "action", "brand_code", "target_type", "target_id", "reason", "details", "ip", "created_at" FROM "operator_actions_unpartitioned";--> statement-breakpoint

-- audit_events: by month of occurred_at
ALTER TABLE "audit_events" RENAME TO "audit_events_unpartitioned";--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigint GENERATED ALWAYS AS IDENTITY,
	"chain" text NOT NULL,
	"seq" bigint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"brand_code" text,
	"member_id" bigint,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"details" jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
) PARTITION BY RANGE ("occurred_at");--> statement-breakpoint
CREATE TABLE "audit_events_default" PARTITION OF "audit_events" DEFAULT;--> statement-breakpoint
SELECT lobby_month_partition('audit_events', month) FROM (
	SELECT DISTINCT date_trunc('month', "occurred_at" AT TIME ZONE 'UTC')::date AS month FROM "audit_events_unpartitioned"
	UNION SELECT (date_trunc('month', now() AT TIME ZONE 'UTC') + ahead * interval '1 month')::date
	FROM generate_series(0, 3) AS ahead
) AS months;--> statement-breakpoint
INSERT INTO "audit_events" ("id", "chain", "seq", "occurred_at", "kind", "brand_code", "member_id", "actor_type", "actor_id", "details", "prev_hash", "hash") OVERRIDING SYSTEM VALUE
SELECT "id", "chain", "seq", "occurred_at", "kind", "brand_code", "member_id", "actor_type", "actor_id", "details", "prev_hash", "hash" FROM "audit_events_unpartitioned";--> statement-breakpoint

-- chat_messages: by month of created_at
ALTER TABLE "chat_messages" RENAME TO "chat_messages_unpartitioned";--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigint GENERATED ALWAYS AS IDENTITY,
	"conversation_id" bigint NOT NULL,
	"sender" text NOT NULL,
	"operator_id" bigint,
	"body" text DEFAULT '' NOT NULL,
	"upload_id" text,
	"client_message_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE TABLE "chat_messages_default" PARTITION OF "chat_messages" DEFAULT;--> statement-breakpoint
SELECT lobby_month_partition('chat_messages', month) FROM (
	SELECT DISTINCT date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date AS month FROM "chat_messages_unpartitioned"
	UNION SELECT (date_trunc('month', now() AT TIME ZONE 'UTC') + ahead * interval '1 month')::date
	FROM generate_series(0, 3) AS ahead
) AS months;--> statement-breakpoint
INSERT INTO "chat_messages" ("id", "conversation_id", "sender", "operator_id", "body", "upload_id", "client_message_id", "created_at") OVERRIDING SYSTEM VALUE
SELECT "id", "conversation_id", "sender", "operator_id", "body", "upload_id", "client_message_id", "created_at" FROM "chat_messages_unpartitioned";--> statement-breakpoint

-- The old tables go, then the new ones get their keys, indexes and triggers.
DROP TABLE "postings_unpartitioned";--> statement-breakpoint
DROP TABLE "journal_entries_unpartitioned";--> statement-breakpoint
DROP TABLE "game_bet_records_unpartitioned";--> statement-breakpoint
DROP TABLE "member_sessions_unpartitioned";--> statement-breakpoint
DROP TABLE "operator_actions_unpartitioned";--> statement-breakpoint
DROP TABLE "audit_events_unpartitioned";--> statement-breakpoint
DROP TABLE "chat_messages_unpartitioned";--> statement-breakpoint

SELECT setval(pg_get_serial_sequence('"journal_entries"', 'id'), coalesce((SELECT max("id") FROM "journal_entries"), 0) + 1, false);--> statement-breakpoint
SELECT lobby_rename_identity('journal_entries');--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_pkey" PRIMARY KEY ("id", "created_at");--> statement-breakpoint
CREATE INDEX "journal_entries_brand_created" ON "journal_entries" USING btree ("brand_code","created_at");--> statement-breakpoint
CREATE TRIGGER "journal_entries_append_only" BEFORE UPDATE OR DELETE ON "journal_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint

SELECT setval(pg_get_serial_sequence('"postings"', 'id'), coalesce((SELECT max("id") FROM "postings"), 0) + 1, false);--> statement-breakpoint
SELECT lobby_rename_identity('postings');--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_pkey" PRIMARY KEY ("id", "created_at");--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "ledger_accounts"("id");--> statement-breakpoint
CREATE INDEX "postings_entry" ON "postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "postings_account" ON "postings" USING btree ("account_id","id");--> statement-breakpoint
CREATE TRIGGER "postings_append_only" BEFORE UPDATE OR DELETE ON "postings" FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint

ALTER TABLE "game_bet_records" ADD CONSTRAINT "game_bet_records_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_bet_records_round" ON "game_bet_records" USING btree ("platform_id","round_id","settled_at");--> statement-breakpoint
CREATE INDEX "game_bet_records_member" ON "game_bet_records" USING btree ("member_id","settled_at");--> statement-breakpoint
CREATE INDEX "game_bet_records_synced" ON "game_bet_records" USING btree ("synced_at");--> statement-breakpoint
CREATE INDEX "game_bet_records_brand_settled" ON "game_bet_records" USING btree ("brand_code","settled_at");--> statement-breakpoint

SELECT setval(pg_get_serial_sequence('"member_sessions"', 'id'), coalesce((SELECT max("id") FROM "member_sessions"), 0) + 1, false);--> statement-breakpoint
SELECT lobby_rename_identity('member_sessions');--> statement-breakpoint
ALTER TABLE "member_sessions" ADD CONSTRAINT "member_sessions_pkey" PRIMARY KEY ("id", "created_at");--> statement-breakpoint
ALTER TABLE "member_sessions" ADD CONSTRAINT "member_sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id");--> statement-breakpoint
CREATE INDEX "member_sessions_token_hash" ON "member_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "member_sessions_previous_token_hash" ON "member_sessions" USING btree ("previous_token_hash");--> statement-breakpoint
CREATE INDEX "member_sessions_member" ON "member_sessions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "member_sessions_ip" ON "member_sessions" USING btree ("ip");--> statement-breakpoint
CREATE INDEX "member_sessions_device" ON "member_sessions" USING btree ("device_no") WHERE "device_no" IS NOT NULL;--> statement-breakpoint

SELECT setval(pg_get_serial_sequence('"operator_actions"', 'id'), coalesce((SELECT max("id") FROM "operator_actions"), 0) + 1, false);--> statement-breakpoint
SELECT lobby_rename_identity('operator_actions');--> statement-breakpoint
ALTER TABLE "operator_actions" ADD CONSTRAINT "operator_actions_pkey" PRIMARY KEY ("id", "created_at");--> statement-breakpoint
ALTER TABLE "operator_actions" ADD CONSTRAINT "operator_actions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "operators"("id");--> statement-breakpoint
CREATE INDEX "operator_actions_target" ON "operator_actions" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE TRIGGER "operator_actions_append_only" BEFORE UPDATE OR DELETE ON "operator_actions" FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint

SELECT setval(pg_get_serial_sequence('"audit_events"', 'id'), coalesce((SELECT max("id") FROM "audit_events"), 0) + 1, false);--> statement-breakpoint
SELECT lobby_rename_identity('audit_events');--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id", "occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_chain_seq" ON "audit_events" USING btree ("chain","seq","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_events_brand_time" ON "audit_events" USING btree ("brand_code","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_events_member_time" ON "audit_events" USING btree ("member_id","occurred_at");--> statement-breakpoint
CREATE TRIGGER "audit_events_append_only" BEFORE UPDATE OR DELETE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION audit_append_only();--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events" FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();--> statement-breakpoint

SELECT setval(pg_get_serial_sequence('"chat_messages"', 'id'), coalesce((SELECT max("id") FROM "chat_messages"), 0) + 1, false);--> statement-breakpoint
SELECT lobby_rename_identity('chat_messages');--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_pkey" PRIMARY KEY ("id", "created_at");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "chat_conversations"("id");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "operators"("id");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation" ON "chat_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_id" ON "chat_messages" USING btree ("conversation_id","sender","client_message_id","created_at");--> statement-breakpoint


DROP FUNCTION lobby_rename_identity(text);
