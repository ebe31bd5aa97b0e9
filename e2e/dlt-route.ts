import { expect, type APIRequestContext } from "@playwright/test";
import type { CarrierChannelsPage } from "../contract/calls/carrier-channels";
import type { Smsc } from "../server/carriers/smpp/stand-in";

// A spec's own Indian DLT route on the demo manager's account: a header only that spec uses, added to the seeded
// "Acme Transactional" account, sent through an SMPP channel (the spec's SMSC stand-in) with the account's principal
// entity id. No other spec's campaign sends from that header, so removing the channel is never refused for a campaign
// that still sends from it (409: the seeded "Login OTP" header ACMEOT is what the campaign specs leave ready or paused
// on a worker's server, which is why a route on ACMEOT could not be removed in CI). A leftover of an earlier attempt on
// the same server is removed first; the header stays on the account (as campaign-pause's does).

export interface DltRoute {
  accountId: string;
  channelId: string;
  /** Removes the channel (the header goes back to the default carrier); refused only by a campaign on the header. */
  remove: () => Promise<void>;
}

interface SmsAccount {
  id: string;
  name: string;
  dltEntityId: string;
  senderIds: string[];
}

export async function openDltRoute(
  request: APIRequestContext,
  token: string,
  options: { header: string; channel: string; smsc: Smsc; user: { systemId: string; password: string } },
): Promise<DltRoute> {
  const headers = { authorization: `Bearer ${token}` };
  const removeNamed = async () => {
    const listed = (await (await request.get("/api/v1/channels/carrier-channels", { headers })).json()) as {
      data: CarrierChannelsPage;
    };
    for (const c of listed.data.channels.filter((c) => c.name === options.channel)) {
      const gone = await request.delete(`/api/v1/channels/carrier-channels/${c._id}`, { headers });
      expect(gone.ok(), await gone.text()).toBe(true);
    }
  };
  await removeNamed();
  const accounts = ((await (await request.get("/api/sms/accounts", { headers })).json()) as { data: SmsAccount[] })
    .data;
  const account = accounts.find((a) => a.name === "Acme Transactional");
  if (!account) throw new Error("the seeded Acme Transactional account is missing");
  if (!account.senderIds.includes(options.header)) {
    const updated = await request.put(`/api/sms/accounts/${account.id}`, {
      headers,
      data: { dltEntityId: account.dltEntityId, senderIds: [...account.senderIds, options.header] },
    });
    expect(updated.ok(), await updated.text()).toBe(true);
  }
  const made = await request.post("/api/v1/channels/smpp", {
    headers,
    data: {
      name: options.channel,
      sender_ids: [options.header],
      host: "127.0.0.1",
      port: options.smsc.port,
      system_id: options.user.systemId,
      password: options.user.password,
      dlt_entity_id: account.dltEntityId,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const channelId = ((await made.json()) as { data: { _id: string } }).data._id;
  return { accountId: account.id, channelId, remove: removeNamed };
}
