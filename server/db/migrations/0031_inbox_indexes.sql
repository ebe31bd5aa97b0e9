DROP INDEX "conversations_agent_idx";--> statement-breakpoint
CREATE INDEX "conversations_status_idx" ON "conversations" USING btree ("user_id","status","last_message_at","id");--> statement-breakpoint
CREATE INDEX "conversations_channel_idx" ON "conversations" USING btree ("user_id","channel","status","last_message_at","id");--> statement-breakpoint
CREATE INDEX "conversations_unread_idx" ON "conversations" USING btree ("user_id","channel","status","last_message_at","assigned_agent_id","unread_count") WHERE "conversations"."unread_count" > 0;--> statement-breakpoint
CREATE INDEX "conversations_number_trgm_idx" ON "conversations" USING gin ("customer_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "conversations_text_trgm_idx" ON "conversations" USING gin ("last_message_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "conversations_agent_idx" ON "conversations" USING btree ("assigned_agent_id","status","last_message_at","id","user_id");