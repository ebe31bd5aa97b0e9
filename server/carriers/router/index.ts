// The app's carrier: a Carrier that hands each call to the adapter of the channel serving its address (a WABA's phone
// number id, later an SMS header or an RCS bot), and everything no channel claims to the default carrier (the
// sandbox). Callers (dispatcher, chat, templates, uploads) stay unchanged; every adapter's events reach the same
// onEvent listeners. Routes are cached for `routeTtlMs`, adapters until their channel's version changes.
import {
  allStored,
  emitToAll,
  type Carrier,
  type CarrierEvent,
  type CarrierListener,
  type Channel,
  type OutboundMessage,
  type SenderProfile,
} from "../carrier";
import type { CarrierProvider, ChannelAdapter, ChannelAddress, ChannelDirectory } from "./channel-adapter";

export type { CarrierProvider, ChannelAdapter, ChannelDirectory } from "./channel-adapter";

export interface CarrierRouter extends Carrier {
  /** The default carrier: what serves every address no channel claims. */
  readonly fallback: Carrier;
  /** The adapter of a stored channel (webhooks, connection tests); null when it no longer exists. */
  adapterOf(channelId: string): Promise<ChannelAdapter | null>;
  /** Forgets cached routes and rebuilds changed adapters at next use (after a channel changed in this process). */
  invalidate(): void;
  /** Closes a removed channel's adapter now (an SMPP bind would otherwise stay open until the process ends). */
  forget(channelId: string): Promise<void>;
  /**
   * Gives events a webhook carried to every listener, in order; settles once all are stored (rejects if one is not).
   */
  publish(events: readonly CarrierEvent[]): Promise<void>;
  /**
   * Whether the default carrier serves this sender (no channel claims it): the simulated phone writes only to those.
   */
  servesByDefault(channel: Channel, from: string): Promise<boolean>;
}

export interface RouterOptions {
  fallback: Carrier;
  directory: ChannelDirectory;
  providers: readonly CarrierProvider[];
  /** How long a route (address → channel) is believed; other processes' changes show within this. */
  routeTtlMs?: number;
}

interface Built {
  version: number;
  adapter: ChannelAdapter;
  unsubscribe: () => void;
}

const keyOf = (a: ChannelAddress) => `${a.channel}\u0000${a.kind}\u0000${a.value}`;

export function createCarrierRouter(options: RouterOptions): CarrierRouter {
  const { fallback, directory } = options;
  const ttl = options.routeTtlMs ?? 5000;
  const providers = new Map(options.providers.map((p) => [p.id, p]));
  const listeners = new Set<CarrierListener>();
  // Settles once every listener has stored the event (Carrier.onEvent): the sandbox's simulated phone, and any
  // adapter that waits on its emit, answers the provider only then, so a process killed after answering loses nothing.
  const emit = (event: CarrierEvent): Promise<void> => emitToAll(listeners, event);
  // The promises are cached, not their values: the sends of a batch all ask at once, and while the first lookup
  // waited for the database each of them started its own (33,457 lookups for 100,000 messages in the dispatch bench).
  const routes = new Map<string, { at: number; route: Promise<{ id: string; version: number } | null> }>();
  const versions = new Map<string, { at: number; version: Promise<number | null> }>();
  /** A lookup that failed is not kept: the next call asks again. */
  const remember = <E extends { at: number }>(
    map: Map<string, E>,
    key: string,
    entry: E,
    lookup: Promise<unknown>,
  ): void => {
    map.set(key, entry);
    lookup.catch(() => {
      if (map.get(key) === entry) map.delete(key);
    });
  };
  const built = new Map<string, Built>();
  const building = new Map<string, Promise<ChannelAdapter | null>>();
  const offFallback = fallback.onEvent(emit);

  function retire(id: string): void {
    const old = built.get(id);
    if (!old) return;
    built.delete(id);
    old.unsubscribe();
    void old.adapter.close();
  }

  /** The adapter of channel `id` at `version` (or the stored one), built once however many calls ask at once. */
  async function adapter(id: string, version?: number): Promise<ChannelAdapter | null> {
    const have = built.get(id);
    if (have && (version === undefined || have.version === version)) return have.adapter;
    const pending = building.get(id);
    if (pending) return pending;
    const task = (async () => {
      const connection = await directory.load(id);
      if (!connection) {
        retire(id);
        return null;
      }
      const provider = providers.get(connection.provider);
      if (!provider) throw new Error(`channel ${id}: no adapter for provider "${connection.provider}"`);
      retire(id);
      const made = provider.create(connection, { health: directory.health(id) });
      built.set(id, { version: connection.version, adapter: made, unsubscribe: made.onEvent(emit) });
      return made;
    })().finally(() => building.delete(id));
    building.set(id, task);
    return task;
  }

  /** The carrier serving an address: its channel's adapter, or the default carrier. */
  async function route(address: ChannelAddress): Promise<Carrier> {
    const key = keyOf(address);
    let cached = routes.get(key);
    if (!cached || Date.now() - cached.at > ttl) {
      const lookup = directory.channelOf(address);
      cached = { at: Date.now(), route: lookup };
      remember(routes, key, cached, lookup);
    }
    const found = await cached.route;
    if (!found) return fallback;
    return (await adapter(found.id, found.version)) ?? fallback;
  }

  const sender = (channel: Channel, from: string) => route({ channel, kind: "sender", value: from });
  const account = (channel: Channel, value: string) => route({ channel, kind: "account", value });

  return {
    // The default carrier's name: it is what a sandbox onboarding records as a WABA's provider.
    get name() {
      return fallback.name;
    },
    // Per sender in truth (describeSender); this is the default carrier's, for addresses no channel claims.
    get idempotentSends() {
      return fallback.idempotentSends;
    },
    fallback,
    send: async (message: OutboundMessage) => (await sender(message.channel, message.from)).send(message),
    describeSender: async ({ channel, from }): Promise<SenderProfile> => {
      const carrier = await sender(channel, from);
      if (carrier === fallback)
        return fallback.describeSender
          ? fallback.describeSender({ channel, from })
          : { idempotentSends: fallback.idempotentSends };
      return (carrier as ChannelAdapter).profile;
    },
    submitTemplate: async (template) => (await account("whatsapp", template.wabaId)).submitTemplate(template),
    templateStatus: async (ref) => (await account("whatsapp", ref.submission.wabaId)).templateStatus(ref),
    uploadMedia: async (media) =>
      (
        await (media.channel === "whatsapp" ? account("whatsapp", media.owner) : sender(media.channel, media.owner))
      ).uploadMedia(media),
    downloadMedia: async (request) => {
      const carrier = await sender(request.channel, request.to);
      if (!carrier.downloadMedia) throw new Error(`The ${carrier.name} carrier keeps no received files`);
      return carrier.downloadMedia(request);
    },
    checkCapability: async (check) =>
      (check.from ? await sender(check.channel, check.from) : fallback).checkCapability(check),
    // Connecting a real WABA is the channel services' (manual entry, Embedded Signup); this is the default carrier's.
    onboardWhatsApp: (request) => fallback.onboardWhatsApp(request),
    registerRcsBot: (bot) => fallback.registerRcsBot(bot),
    rcsLaunchState: (bot) => fallback.rcsLaunchState(bot),
    ...(fallback.simulateInbound ? { simulateInbound: fallback.simulateInbound.bind(fallback) } : {}),
    onEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    adapterOf: async (channelId) => {
      let cached = versions.get(channelId);
      if (!cached || Date.now() - cached.at > ttl) {
        const lookup = directory.versionOf(channelId);
        cached = { at: Date.now(), version: lookup };
        remember(versions, channelId, cached, lookup);
      }
      const version = await cached.version;
      return version === null ? null : adapter(channelId, version);
    },
    servesByDefault: async (channel, from) => (await sender(channel, from)) === fallback,
    invalidate: () => {
      routes.clear();
      versions.clear();
    },
    forget: async (channelId) => {
      await building.get(channelId)?.catch(() => null);
      const old = built.get(channelId);
      if (!old) return;
      built.delete(channelId);
      old.unsubscribe();
      await old.adapter.close();
    },
    // Every emit starts now, in order (each listener queues its event synchronously), and all are awaited.
    publish: (events) => allStored(events.map(emit)),
    close: async () => {
      offFallback();
      await Promise.allSettled([...building.values()]);
      const adapters = [...built.values()];
      built.clear();
      adapters.forEach((b) => b.unsubscribe());
      await Promise.all([...adapters.map((b) => b.adapter.close()), fallback.close()]);
      listeners.clear();
    },
  };
}
