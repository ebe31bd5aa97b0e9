CREATE TABLE "carrier_rcs_bots" (
	"bot_id" uuid PRIMARY KEY NOT NULL,
	"channel_id" uuid NOT NULL,
	"user_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carrier_rcs_bots" ADD CONSTRAINT "carrier_rcs_bots_bot_id_rcs_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."rcs_bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_rcs_bots" ADD CONSTRAINT "carrier_rcs_bots_channel_id_carrier_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."carrier_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_rcs_bots" ADD CONSTRAINT "carrier_rcs_bots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carrier_rcs_bots_channel_idx" ON "carrier_rcs_bots" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "carrier_rcs_bots_user_idx" ON "carrier_rcs_bots" USING btree ("user_id");