CREATE TABLE "report_span_facts" (
	"brand_code" text NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"currency" text NOT NULL,
	"active_members" integer NOT NULL,
	"winners" jsonb NOT NULL,
	"losers" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_span_facts_pk" PRIMARY KEY("brand_code","from_day","to_day")
);
