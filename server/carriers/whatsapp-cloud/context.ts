import type { CarrierEvent } from "../carrier";
import type { ChannelHealth } from "../router/channel-adapter";
import type { WhatsAppCloudConfig } from "./config";
import type { WhatsAppChannel } from "./settings";

/** What each part of one channel's adapter gets: the configuration, the channel, its health and its event outlet. */
export interface CloudContext {
  config: WhatsAppCloudConfig;
  channel: WhatsAppChannel;
  health: ChannelHealth;
  emit(event: CarrierEvent): void;
  /** Set when Meta refused the credentials: every send is refused at once until the channel is rebuilt. */
  disconnected?: string;
}

/** Marks the channel disconnected here at once, and in the database through its health (other processes follow). */
export function disconnect(ctx: CloudContext, code: string, reason: string): void {
  ctx.disconnected = reason;
  ctx.health.failure({ code, message: reason, disconnect: true });
}
