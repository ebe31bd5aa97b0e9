CREATE TABLE "carrier_sms_reply_numbers" (
	"number" text PRIMARY KEY NOT NULL,
	"channel_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carrier_sms_reply_numbers" ADD CONSTRAINT "carrier_sms_reply_numbers_channel_id_carrier_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."carrier_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_sms_reply_numbers" ADD CONSTRAINT "carrier_sms_reply_numbers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carrier_sms_reply_numbers_channel_idx" ON "carrier_sms_reply_numbers" USING btree ("channel_id");