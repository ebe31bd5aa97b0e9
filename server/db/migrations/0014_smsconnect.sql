CREATE TABLE "carrier_sms_senders" (
	"sender" text PRIMARY KEY NOT NULL,
	"channel_id" uuid NOT NULL,
	"user_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carrier_sms_senders" ADD CONSTRAINT "carrier_sms_senders_channel_id_carrier_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."carrier_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_sms_senders" ADD CONSTRAINT "carrier_sms_senders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carrier_sms_senders_channel_idx" ON "carrier_sms_senders" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "carrier_sms_senders_user_idx" ON "carrier_sms_senders" USING btree ("user_id");