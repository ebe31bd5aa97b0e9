CREATE TABLE "carrier_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"channel" text NOT NULL,
	"name" text NOT NULL,
	"credentials" text NOT NULL,
	"credential_hints" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"verify_token" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"status_reason" text,
	"last_success_at" timestamp with time zone,
	"last_error_at" timestamp with time zone,
	"last_error_code" text,
	"last_error" text,
	"sent_last_minute" integer DEFAULT 0 NOT NULL,
	"measured_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_channels_status_known" CHECK ("carrier_channels"."status" in ('connected','disconnected'))
);
--> statement-breakpoint
CREATE TABLE "carrier_webhook_events" (
	"channel_id" uuid NOT NULL,
	"event_key" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_webhook_events_channel_id_event_key_pk" PRIMARY KEY("channel_id","event_key")
);
--> statement-breakpoint
ALTER TABLE "wabas" ADD COLUMN "channel_id" uuid;--> statement-breakpoint
ALTER TABLE "carrier_channels" ADD CONSTRAINT "carrier_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_webhook_events" ADD CONSTRAINT "carrier_webhook_events_channel_id_carrier_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."carrier_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carrier_channels_user_idx" ON "carrier_channels" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "carrier_webhook_events_received_idx" ON "carrier_webhook_events" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "wabas" ADD CONSTRAINT "wabas_channel_id_carrier_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."carrier_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wabas_channel_idx" ON "wabas" USING btree ("channel_id");