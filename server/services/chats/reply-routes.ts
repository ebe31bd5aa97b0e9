// Customers' messages a provider channel (SMPP, HTTP SMS) received, before the inbox takes them: each is kept only
// when the number it was written to belongs to the channel's own account (a channel's owner controls what its
// provider posts, so it must not put messages into another account's inbox), and the number a customer wrote to is
// remembered as answered through that channel (carrier_sms_reply_numbers, which the router reads): the agent's answer
// from it then goes out through the provider the customer used, not the default carrier.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { pgArray, rowsOf } from "../../db/sql";
import { ownersOfAddresses } from "./addresses";
import type { Inbound } from "./inbound";

/** A reply number: E.164 (headers are six letters, and stay routed by carrier_sms_senders). */
const NUMBER = /^\+\d{6,15}$/;

// What this process last wrote per database, so a conversation's every message is not a statement; another process's
// change to a number only costs one more (harmless) upsert here.
const remembered = new WeakMap<Db, Map<string, string>>();

export interface ChannelInbound {
  kept: Inbound[];
  /** Messages a channel posted to an address of another account (or of nobody): left out. */
  refused: number;
  /** A reply number now answers through another channel: the router's cached routes are stale. */
  rerouted: boolean;
}

export async function takeChannelInbound(db: Db, events: readonly Inbound[]): Promise<ChannelInbound> {
  const viaChannel = events.filter((e) => e.channelId);
  if (viaChannel.length === 0) return { kept: [...events], refused: 0, rerouted: false };
  const ids = [...new Set(viaChannel.map((e) => e.channelId as string))];
  const [channels, owners] = await Promise.all([
    rowsOf<{ id: string; user_id: string }>(
      db,
      sql`select id, user_id from carrier_channels where id = any(${pgArray(ids)}::uuid[])`,
    ),
    ownersOfAddresses(
      db,
      viaChannel.map((e) => ({ channel: e.channel, address: e.to })),
    ),
  ]);
  const ownerOfChannel = new Map(channels.map((c) => [c.id, c.user_id]));
  const ownsAddress = (e: Inbound, channelId: string) => {
    const owner = owners.get(`${e.channel}|${e.to}`)?.ownerId;
    return owner !== undefined && owner === ownerOfChannel.get(channelId);
  };
  const kept = events.filter((e) => !e.channelId || ownsAddress(e, e.channelId));
  const memory = remembered.get(db) ?? new Map<string, string>();
  remembered.set(db, memory);
  const routes = new Map<string, { channelId: string; userId: string }>();
  for (const e of kept) {
    if (e.channel !== "sms" || !e.channelId || !NUMBER.test(e.to) || memory.get(e.to) === e.channelId) continue;
    routes.set(e.to, { channelId: e.channelId, userId: ownerOfChannel.get(e.channelId) as string });
  }
  let rerouted = false;
  if (routes.size > 0) {
    const list = [...routes];
    // The number is this account's (checked above), so a route another channel held moves to the one that received.
    const changed = await rowsOf<{ number: string }>(
      db,
      sql`insert into carrier_sms_reply_numbers (number, channel_id, user_id)
          select * from unnest(${pgArray(list.map(([n]) => n))}::text[], ${pgArray(list.map(([, r]) => r.channelId))}::uuid[], ${pgArray(list.map(([, r]) => r.userId))}::uuid[])
          on conflict (number) do update set channel_id = excluded.channel_id, user_id = excluded.user_id, updated_at = now()
            where carrier_sms_reply_numbers.channel_id <> excluded.channel_id
          returning number`,
    );
    list.forEach(([n, r]) => memory.set(n, r.channelId));
    rerouted = changed.length > 0;
  }
  return { kept, refused: events.length - kept.length, rerouted };
}
