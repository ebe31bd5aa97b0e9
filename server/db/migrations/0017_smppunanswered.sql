CREATE TABLE "smpp_answered" (
	"channel_id" uuid NOT NULL,
	"smsc_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smpp_answered_channel_id_smsc_id_pk" PRIMARY KEY("channel_id","smsc_id")
);
--> statement-breakpoint
CREATE TABLE "smpp_unanswered" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" uuid NOT NULL,
	"message_id" text NOT NULL,
	"handset" text NOT NULL,
	"header" text NOT NULL,
	"text" text NOT NULL,
	"parts" integer NOT NULL,
	"first_smsc_id" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "smpp_answered" ADD CONSTRAINT "smpp_answered_channel_id_carrier_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."carrier_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smpp_unanswered" ADD CONSTRAINT "smpp_unanswered_channel_id_carrier_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."carrier_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "smpp_answered_created_idx" ON "smpp_answered" USING btree ("channel_id","created_at");--> statement-breakpoint
CREATE INDEX "smpp_unanswered_handset_idx" ON "smpp_unanswered" USING btree ("channel_id","handset");--> statement-breakpoint
CREATE INDEX "smpp_unanswered_first_idx" ON "smpp_unanswered" USING btree ("channel_id","first_smsc_id");--> statement-breakpoint
CREATE INDEX "smpp_unanswered_created_idx" ON "smpp_unanswered" USING btree ("channel_id","created_at");