CREATE TABLE "socket_io_attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now(),
	"payload" "bytea"
);
--> statement-breakpoint
CREATE INDEX "socket_io_attachments_created_at_idx" ON "socket_io_attachments" USING btree ("created_at");