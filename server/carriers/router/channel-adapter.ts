// What a real provider's adapter is, besides a Carrier: one instance per channel connection (an account's credentials
// at one provider), built by its provider from the stored connection, able to test itself and to take the provider's
// webhooks. The router (index.ts) builds, caches and rebuilds them; the sandbox needs none of this.
import type { Carrier, CarrierEvent, Channel, SenderProfile, WhatsAppPhoneNumber } from "../carrier";

/** A stored channel as its adapter needs it: settings and opened secrets. */
export interface ChannelConnection {
  id: string;
  userId: string;
  provider: string;
  channel: Channel;
  /** Changes with every edit of credentials, settings or status: an adapter of an older version is rebuilt. */
  version: number;
  status: "connected" | "disconnected";
  statusReason: string | null;
  /** Not secret: ids, rates; each provider reads (and checks) its own keys. */
  settings: Readonly<Record<string, unknown>>;
  /** Opened from the sealed column; in memory only. */
  secrets: Readonly<Record<string, string>>;
  /** Ours, pasted at the provider: its webhook verification handshake must present it. */
  verifyToken: string;
}

/** What an adapter reports about its provider calls; the server keeps it as the channel's health. */
export interface ChannelHealth {
  /** The provider answered a call successfully. */
  success(): void;
  /** The provider accepted a message (the throughput meter). */
  sent(): void;
  /** A call failed; `disconnect` marks the channel disconnected with `message` until its credentials are fixed. */
  failure(failure: { code: string; message: string; disconnect?: boolean }): void;
}

export interface WebhookRequest {
  method: "GET" | "POST";
  query: Readonly<Record<string, string | undefined>>;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** POST: the body exactly as it arrived (signatures are over these bytes, not over re-serialised JSON). */
  rawBody?: Buffer;
}

/** An event with the provider's own key for it: a second delivery of the same key changes nothing. */
export interface KeyedEvent {
  key: string;
  event: CarrierEvent;
}

/** The answer to a webhook call: the status and body to send, and the events it carried (once verified). */
export interface WebhookAnswer {
  status: number;
  body?: string;
  events?: readonly KeyedEvent[];
}

export type ConnectionCheck =
  | { ok: true; name: string; phoneNumbers: readonly WhatsAppPhoneNumber[] }
  /** `auth`: the provider refused the credentials themselves (not a passing outage). */
  | { ok: false; code: string; message: string; auth: boolean };

export interface ChannelAdapter extends Carrier {
  readonly channelId: string;
  /** How its senders are to be sent through (idempotency, messages per second). */
  readonly profile: SenderProfile;
  /** A real, harmless call to the provider with the stored credentials. */
  testConnection(): Promise<ConnectionCheck>;
  /** The provider's webhook: the verification handshake (GET) and signed events (POST). */
  webhook(request: WebhookRequest): Promise<WebhookAnswer>;
}

/** One provider ("whatsapp_cloud"): builds the adapter of a stored connection. */
export interface CarrierProvider {
  readonly id: string;
  readonly channel: Channel;
  create(connection: ChannelConnection, deps: { health: ChannelHealth }): ChannelAdapter;
}

/** Where a call is addressed: a sender (WhatsApp phone number id, SMS header, RCS bot) or an account (a WABA). */
export interface ChannelAddress {
  channel: Channel;
  kind: "sender" | "account";
  value: string;
}

/** The stored channels, as the router reads them (server/services/carrier-channels/directory.ts). */
export interface ChannelDirectory {
  /** The channel serving an address, with its version; null when the default carrier serves it. */
  channelOf(address: ChannelAddress): Promise<{ id: string; version: number } | null>;
  /** The stored version of a channel; null when it no longer exists. */
  versionOf(id: string): Promise<number | null>;
  /** The channel with its secrets opened; null when it no longer exists. */
  load(id: string): Promise<ChannelConnection | null>;
  /** Where the adapter of this channel reports its health. */
  health(id: string): ChannelHealth;
}
