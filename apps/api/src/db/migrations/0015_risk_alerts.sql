CREATE TABLE "risk_alerts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_code" text NOT NULL,
	"member_id" bigint NOT NULL,
	"rule" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"hits" integer DEFAULT 1 NOT NULL,
	"withdrawal_order_no" text,
	"withdrawal_held" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_hit_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" bigint,
	"claimed_at" timestamp with time zone,
	"resolved_by" bigint,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	"member_frozen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "risk_alert_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_alert_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"alert_id" bigint NOT NULL,
	"brand_code" text NOT NULL,
	"operator_id" bigint NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_deposit_failures" (
	"failure_key" text PRIMARY KEY NOT NULL,
	"brand_code" text NOT NULL,
	"member_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "risk_alerts" ADD CONSTRAINT "risk_alerts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_alerts" ADD CONSTRAINT "risk_alerts_claimed_by_operators_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_alerts" ADD CONSTRAINT "risk_alerts_resolved_by_operators_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_alert_notes" ADD CONSTRAINT "risk_alert_notes_alert_id_risk_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."risk_alerts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_alert_notes" ADD CONSTRAINT "risk_alert_notes_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_deposit_failures" ADD CONSTRAINT "risk_deposit_failures_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "risk_alerts_one_open" ON "risk_alerts" USING btree ("member_id","rule") WHERE "risk_alerts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "risk_alerts_queue" ON "risk_alerts" USING btree ("brand_code","status","created_at");--> statement-breakpoint
CREATE INDEX "risk_alert_notes_alert" ON "risk_alert_notes" USING btree ("alert_id");--> statement-breakpoint
CREATE INDEX "risk_deposit_failures_member" ON "risk_deposit_failures" USING btree ("member_id","created_at");
