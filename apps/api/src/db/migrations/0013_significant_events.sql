CREATE TABLE "audit_chains" (
	"chain" text PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
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
);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_chain_seq" ON "audit_events" USING btree ("chain","seq");--> statement-breakpoint
CREATE INDEX "audit_events_brand_time" ON "audit_events" USING btree ("brand_code","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_events_member_time" ON "audit_events" USING btree ("member_id","occurred_at");--> statement-breakpoint
-- The significant-event log is append-only (decision 0019): events are never changed or
-- removed, chain heads never removed. A superuser can get past a trigger; the hash chains and
-- npm run audit:verify are what shows it.
CREATE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the significant-event log is append-only: % on % refused', TG_OP, TG_TABLE_NAME;
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION audit_append_only();--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON "audit_events" FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();--> statement-breakpoint
CREATE TRIGGER audit_chains_kept BEFORE DELETE ON "audit_chains" FOR EACH ROW EXECUTE FUNCTION audit_append_only();--> statement-breakpoint
CREATE TRIGGER audit_chains_no_truncate BEFORE TRUNCATE ON "audit_chains" FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
