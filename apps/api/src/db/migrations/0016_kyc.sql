CREATE TABLE "kyc_submissions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kyc_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_code" text NOT NULL,
	"member_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"id_front_upload_id" text NOT NULL,
	"id_back_upload_id" text NOT NULL,
	"selfie_upload_id" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" bigint,
	"claimed_at" timestamp with time zone,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"reason" text,
	CONSTRAINT "kyc_submissions_decided" CHECK (("kyc_submissions"."status" = 'pending') = ("kyc_submissions"."decided_at" is null)),
	CONSTRAINT "kyc_submissions_reject_reason" CHECK ("kyc_submissions"."status" <> 'rejected' or "kyc_submissions"."reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_id_front_upload_id_uploads_id_fk" FOREIGN KEY ("id_front_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_id_back_upload_id_uploads_id_fk" FOREIGN KEY ("id_back_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_selfie_upload_id_uploads_id_fk" FOREIGN KEY ("selfie_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_claimed_by_operators_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_one_pending" ON "kyc_submissions" USING btree ("member_id") WHERE "kyc_submissions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "kyc_submissions_member" ON "kyc_submissions" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_queue" ON "kyc_submissions" USING btree ("status","id");
