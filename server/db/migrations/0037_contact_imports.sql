CREATE TABLE "contact_import_rejects" (
	"import_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"cells" text[] NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "contact_import_rejects_import_id_row_pk" PRIMARY KEY("import_id","row")
);
--> statement-breakpoint
CREATE TABLE "contact_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"file_name" text NOT NULL,
	"source_kind" text NOT NULL,
	"source_key" text NOT NULL,
	"total_bytes" bigint NOT NULL,
	"headers" text[] NOT NULL,
	"preview" jsonb NOT NULL,
	"mapping" text[],
	"mode" text,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"status_reason" text,
	"read_bytes" bigint DEFAULT 0 NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "contact_import_rejects" ADD CONSTRAINT "contact_import_rejects_import_id_contact_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."contact_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_imports_user_idx" ON "contact_imports" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_imports_due_idx" ON "contact_imports" USING btree ("next_run_at");