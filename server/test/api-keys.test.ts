// API keys and key configurations against the real server: the secret shown once and kept as a hash, the key checks
// of the public API (deleted, regenerated, expired, scope, channel, IP allow-list, rate limit, suspended account),
// configurations per key and per account, their effect at once in another process, and tenancy.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_ERRORS } from "../../contract/domain/api-keys";
import { apiKeys, keyConfigs } from "../db/schema";
import { hashSecret } from "../services/api-keys/secrets";
import { startPeer, startServer, type DemoName, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

interface Issued {
  id: string;
  key: string;
}
type Json = Record<string, unknown>;
const ALL_SCOPES = ["messages:send", "reports:read", "templates:manage"];

async function createKey(
  name: string,
  opts: { as?: DemoName; scopes?: string[]; expiresAt?: string } = {},
): Promise<Issued> {
  const res = await server.call({
    method: "POST",
    url: "/api/ums/v1/api-keys",
    as: opts.as ?? "user",
    payload: { name, scopes: opts.scopes ?? ALL_SCOPES, ...(opts.expiresAt ? { expiresAt: opts.expiresAt } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data as { apiKey: { id: string }; key: string };
  return { id: data.apiKey.id, key: data.key };
}

/** A public-API read with the key (templates: no body, no money), from an address of our choice. */
const callWithKey = (key: string, remoteAddress = "127.0.0.1", header: "bearer" | "x-api-key" = "x-api-key") =>
  server.app.inject({
    method: "GET",
    url: "/api/public/v1/templates",
    remoteAddress,
    headers: header === "bearer" ? { authorization: `Bearer ${key}` } : { "x-api-key": key },
  });

const codeOf = (res: { json(): unknown }) => (res.json() as { code?: string }).code;

async function config(payload: Json, as: DemoName = "user") {
  return server.call({
    method: "POST",
    url: "/api/ums/v1/key-configs",
    as,
    payload: {
      name: "Test config",
      channels: ["rcs", "sms", "whatsapp"],
      scopes: ALL_SCOPES,
      ratePerSecond: 50,
      ratePerDay: 100_000,
      ...payload,
    },
  });
}

describe("API keys", () => {
  it("shows the whole key once, recognisably prefixed, and keeps only a hash of its secret", async () => {
    const { id, key } = await createKey("Order system");
    expect(key).toMatch(/^mc_live_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    const [row] = await server.database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    const secret = key.split("_").slice(3).join("_");
    expect(row.secretHash).toBe(hashSecret(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    const list = (await server.call({ method: "GET", url: "/api/ums/v1/api-keys?search=order", as: "user" })).json()
      .data as { apiKeys: Json[]; count: number };
    expect(list.apiKeys).toEqual([
      expect.objectContaining({
        id,
        name: "Order system",
        prefix: key.slice(0, 20),
        status: "active",
        lastUsedAt: null,
        deactivatedAt: null,
      }),
    ]);
    expect(JSON.stringify(list)).not.toContain(secret);
    // Both headers work, and the key's use shows in the list (written with the request log, a moment later).
    expect((await callWithKey(key, "127.0.0.1", "bearer")).statusCode).toBe(200);
    expect((await callWithKey(key)).statusCode).toBe(200);
    await server.app.publicApi.log.tick();
    const after = (
      await server.call({ method: "GET", url: `/api/ums/v1/api-keys?search=${key.slice(0, 20)}`, as: "user" })
    ).json().data as { apiKeys: { lastUsedAt: string | null }[] };
    expect(after.apiKeys[0].lastUsedAt).not.toBeNull();
  });

  it("validates the account's own keys only, and says why a key does not work", async () => {
    const { key } = await createKey("Validated");
    const validate = async (k: string, as: DemoName = "user") =>
      (await server.call({ method: "POST", url: "/api/ums/v1/api-keys/validate", as, payload: { key: k } })).json()
        .data as Json;
    expect(await validate(key)).toMatchObject({
      valid: true,
      reason: null,
      apiKey: expect.objectContaining({ name: "Validated" }),
    });
    expect(await validate(key, "globex")).toEqual({
      valid: false,
      reason: "No API key of this account matches.",
      apiKey: null,
    });
    expect(await validate("sk_live_nope")).toMatchObject({ valid: false, apiKey: null });
    expect(await validate(`${key.slice(0, 21)}${"A".repeat(43)}`)).toMatchObject({ valid: false });
  });

  it("refuses a deleted key at once, in this process and in another one (LISTEN/NOTIFY)", async () => {
    const { id, key } = await createKey("Doomed");
    const peer = await startPeer(server);
    try {
      const viaPeer = () =>
        peer.inject({ method: "GET", url: "/api/public/v1/templates", headers: { "x-api-key": key } });
      expect((await callWithKey(key)).statusCode).toBe(200);
      expect((await viaPeer()).statusCode).toBe(200); // now cached in the peer too
      const res = await server.call({ method: "DELETE", url: `/api/ums/v1/api-keys/${id}`, as: "user" });
      expect(res.json()).toMatchObject({
        success: true,
        data: { id, status: "deactivated", deactivatedAt: expect.any(String) },
      });
      expect(codeOf(await callWithKey(key))).toBe(PUBLIC_ERRORS.deactivatedKey.code);
      // The notification reaches the peer within moments; its cache must not serve the key after that.
      let refused = false;
      for (let i = 0; i < 100 && !refused; i++) {
        refused = (await viaPeer()).statusCode === 401;
        if (!refused) await new Promise((r) => setTimeout(r, 20));
      }
      expect(refused).toBe(true);
      // Deleted keys stay listed (SPEC 3: deactivatedAt) and cannot be regenerated or changed.
      expect(
        (
          await server.call({
            method: "POST",
            url: `/api/ums/v1/api-keys/${id}/regenerate`,
            as: "user",
            payload: { graceSeconds: 0 },
          })
        ).statusCode,
      ).toBe(409);
      expect(
        (
          await server.call({
            method: "PUT",
            url: `/api/ums/v1/api-keys/${id}`,
            as: "user",
            payload: { name: "x", scopes: ALL_SCOPES },
          })
        ).statusCode,
      ).toBe(409);
      const deleted = (
        await server.call({ method: "GET", url: "/api/ums/v1/api-keys?status=deactivated", as: "user" })
      ).json().data as { apiKeys: { id: string }[] };
      expect(deleted.apiKeys.map((k) => k.id)).toContain(id);
    } finally {
      await peer.close();
    }
  });

  it("regenerates: the old secret stops at once, or works until the grace period ends", async () => {
    const now = await createKey("Rotated now");
    expect((await callWithKey(now.key)).statusCode).toBe(200);
    const res = await server.call({
      method: "POST",
      url: `/api/ums/v1/api-keys/${now.id}/regenerate`,
      as: "user",
      payload: { graceSeconds: 0 },
    });
    const fresh = res.json().data as { key: string; apiKey: Json };
    expect(fresh.key.slice(0, 20)).toBe(now.key.slice(0, 20)); // the same public id: lists and logs keep naming it
    expect(fresh.key).not.toBe(now.key);
    expect(codeOf(await callWithKey(now.key))).toBe(PUBLIC_ERRORS.invalidKey.code);
    expect((await callWithKey(fresh.key)).statusCode).toBe(200);

    const later = await createKey("Rotated later");
    expect((await callWithKey(later.key)).statusCode).toBe(200);
    const graced = (
      await server.call({
        method: "POST",
        url: `/api/ums/v1/api-keys/${later.id}/regenerate`,
        as: "user",
        payload: { graceSeconds: 3600 },
      })
    ).json().data as {
      key: string;
      apiKey: { previousSecretValidUntil: string };
    };
    expect(Date.parse(graced.apiKey.previousSecretValidUntil) - Date.now()).toBeGreaterThan(3500_000);
    expect((await callWithKey(later.key)).statusCode).toBe(200);
    expect((await callWithKey(graced.key)).statusCode).toBe(200);
    // The grace period ends (moved to the past here rather than waited for): the old secret is refused.
    await server.database.db
      .update(apiKeys)
      .set({ previousValidUntil: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, later.id));
    await server.app.publicApi.keys.announce({ kind: "key", keyId: later.id });
    expect(codeOf(await callWithKey(later.key))).toBe(PUBLIC_ERRORS.invalidKey.code);
    expect((await callWithKey(graced.key)).statusCode).toBe(200);
  });

  it("refuses an expired key, and an expiry in the past is refused up front", async () => {
    const past = await server.call({
      method: "POST",
      url: "/api/ums/v1/api-keys",
      as: "user",
      payload: { name: "Past", scopes: ALL_SCOPES, expiresAt: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(past.statusCode).toBe(400);
    const soon = await createKey("Short-lived", { expiresAt: new Date(Date.now() + 1500).toISOString() });
    expect((await callWithKey(soon.key)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1600));
    expect(codeOf(await callWithKey(soon.key))).toBe(PUBLIC_ERRORS.expiredKey.code);
    const listed = (await server.call({ method: "GET", url: "/api/ums/v1/api-keys?status=expired", as: "user" })).json()
      .data as { apiKeys: { id: string }[] };
    expect(listed.apiKeys.map((k) => k.id)).toContain(soon.id);
  });

  it("changes name, scopes and expiry; a missing scope is refused with 403 at once", async () => {
    const { id, key } = await createKey("Narrowed");
    expect((await callWithKey(key)).statusCode).toBe(200);
    const res = await server.call({
      method: "PUT",
      url: `/api/ums/v1/api-keys/${id}`,
      as: "user",
      payload: { name: "Send only", scopes: ["messages:send"] },
    });
    expect(res.json().data).toMatchObject({ name: "Send only", scopes: ["messages:send"], expiresAt: null });
    const refused = await callWithKey(key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: PUBLIC_ERRORS.scopeDenied.code,
      message: expect.stringContaining("templates:manage"),
    });
  });
});

describe("key configurations", () => {
  it("per key: IP allow-list (IPv4, IPv6, CIDR), applied at once; bad ranges are refused and change nothing", async () => {
    const { id, key } = await createKey("Office only");
    const created = await config({ apiKeyId: id, ipAllowList: ["10.0.0.0/8", "2001:db8::/32", "192.0.2.7"] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      apiKeyId: id,
      apiKeyName: "Office only",
      ipAllowList: ["10.0.0.0/8", "2001:db8::/32", "192.0.2.7/32"],
    });
    const configId = created.json().data.id as string;
    const refused = await callWithKey(key, "127.0.0.1");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: PUBLIC_ERRORS.ipDenied.code,
      message: expect.stringContaining("127.0.0.1"),
    });
    expect((await callWithKey(key, "10.20.30.40")).statusCode).toBe(200);
    expect((await callWithKey(key, "::ffff:10.20.30.40")).statusCode).toBe(200);
    expect((await callWithKey(key, "2001:db8:1::5")).statusCode).toBe(200);
    expect((await callWithKey(key, "2001:db9::5")).statusCode).toBe(403);
    expect((await callWithKey(key, "192.0.2.7")).statusCode).toBe(200);

    const before = await server.database.db.select().from(keyConfigs).where(eq(keyConfigs.id, configId));
    const bad = await server.call({
      method: "PUT",
      url: `/api/ums/v1/key-configs/${configId}`,
      as: "user",
      payload: {
        name: "x",
        channels: ["sms"],
        scopes: ALL_SCOPES,
        ratePerSecond: 1,
        ratePerDay: 1,
        ipAllowList: ["10.0.0.0/33", "1.2.3.4.5"],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      expect.objectContaining({ field: "ipAllowList.0" }),
      expect.objectContaining({ field: "ipAllowList.1" }),
    ]);
    expect(await server.database.db.select().from(keyConfigs).where(eq(keyConfigs.id, configId))).toEqual(before);

    // One configuration per key; removing it lets the key in from anywhere again.
    expect((await config({ apiKeyId: id })).statusCode).toBe(409);
    expect(
      (await server.call({ method: "DELETE", url: `/api/ums/v1/key-configs/${configId}`, as: "user" })).statusCode,
    ).toBe(200);
    expect((await callWithKey(key, "127.0.0.1")).statusCode).toBe(200);
  });

  it("rate limit per second and per day: 429 with Retry-After", async () => {
    const perSecond = await createKey("Two a second");
    await config({ apiKeyId: perSecond.id, ratePerSecond: 2 });
    const burst = await Promise.all([1, 2, 3, 4].map(() => callWithKey(perSecond.key)));
    const limited = burst.filter((r) => r.statusCode === 429);
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(limited).toHaveLength(2);
    expect(limited[0].headers["retry-after"]).toBe("1");
    expect(codeOf(limited[0])).toBe(PUBLIC_ERRORS.rateLimited.code);

    const perDay = await createKey("Three a day");
    await config({ apiKeyId: perDay.id, ratePerDay: 3 });
    const day = [];
    for (let i = 0; i < 4; i++) day.push(await callWithKey(perDay.key));
    expect(day.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    expect(Number(day[3].headers["retry-after"])).toBeGreaterThan(86_000);
  });

  it("the account's configuration applies to keys without their own; forKey says which applies", async () => {
    const own = await createKey("Own config");
    const plain = await createKey("Account config");
    const effective = async (id: string) =>
      (await server.call({ method: "GET", url: `/api/ums/v1/key-configs/key/${id}`, as: "user" })).json().data as Json;
    expect(await effective(plain.id)).toMatchObject({
      source: "default",
      configId: null,
      channels: ["rcs", "sms", "whatsapp"],
      ratePerSecond: 50,
    });
    await config({ apiKeyId: own.id, channels: ["sms"], scopes: ["messages:send", "reports:read"] });
    const account = await config({
      name: "Account",
      channels: ["rcs"],
      scopes: ["templates:manage"],
      ratePerSecond: 7,
    });
    expect(account.statusCode).toBe(201);
    expect((await config({ name: "Second account config" })).statusCode).toBe(409);
    expect(await effective(plain.id)).toMatchObject({
      source: "account",
      channels: ["rcs"],
      scopes: ["templates:manage"],
      ratePerSecond: 7,
    });
    // The key's own scopes and its configuration's: both must allow a scope.
    expect(await effective(own.id)).toMatchObject({
      source: "key",
      channels: ["sms"],
      scopes: ["messages:send", "reports:read"],
    });
    expect(codeOf(await callWithKey(own.key))).toBe(PUBLIC_ERRORS.scopeDenied.code);
    expect((await callWithKey(plain.key)).statusCode).toBe(200);
    // An account configuration with an expiry in the past is refused; one that ends soon ends its keys.
    const id = account.json().data.id as string;
    const update = (expiresAt: string) =>
      server.call({
        method: "PUT",
        url: `/api/ums/v1/key-configs/${id}`,
        as: "user",
        payload: {
          name: "Account",
          channels: ["rcs"],
          scopes: ["templates:manage"],
          ratePerSecond: 7,
          ratePerDay: 100,
          expiresAt,
        },
      });
    expect((await update(new Date(Date.now() - 1000).toISOString())).statusCode).toBe(400);
    expect((await update(new Date(Date.now() + 1000).toISOString())).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    expect(codeOf(await callWithKey(plain.key))).toBe(PUBLIC_ERRORS.expiredKey.code);
    await server.call({ method: "DELETE", url: `/api/ums/v1/key-configs/${id}`, as: "user" });
    expect((await callWithKey(plain.key)).statusCode).toBe(200);
  });
});

describe("tenancy", () => {
  it("another account's keys, configurations and requests answer 404 and stay unchanged", async () => {
    const mine = await createKey("Mine");
    const cfg = (await config({ apiKeyId: mine.id })).json().data.id as string;
    const snapshot = async () =>
      (
        (await server.database.db.execute(
          sql`select name, deactivated_at, secret_hash from api_keys where id = ${mine.id}`,
        )) as unknown as { rows: unknown[] }
      ).rows;
    const before = await snapshot();
    for (const [method, url, payload] of [
      ["PUT", `/api/ums/v1/api-keys/${mine.id}`, { name: "Hijacked", scopes: ALL_SCOPES }],
      ["DELETE", `/api/ums/v1/api-keys/${mine.id}`, undefined],
      ["POST", `/api/ums/v1/api-keys/${mine.id}/regenerate`, { graceSeconds: 0 }],
      ["GET", `/api/ums/v1/key-configs/key/${mine.id}`, undefined],
      ["GET", `/api/ums/v1/key-configs/${cfg}`, undefined],
      [
        "PUT",
        `/api/ums/v1/key-configs/${cfg}`,
        { name: "x", channels: ["sms"], scopes: ALL_SCOPES, ratePerSecond: 1, ratePerDay: 1 },
      ],
      ["DELETE", `/api/ums/v1/key-configs/${cfg}`, undefined],
    ] as const) {
      const res = await server.call({ method, url, as: "globex", payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
    expect((await config({ apiKeyId: mine.id }, "globex")).statusCode).toBe(400);
    const theirs = (await server.call({ method: "GET", url: "/api/ums/v1/api-keys", as: "globex" })).json().data as {
      apiKeys: { id: string }[];
    };
    expect(theirs.apiKeys.map((k) => k.id)).not.toContain(mine.id);
    expect((await server.call({ method: "GET", url: "/api/ums/v1/key-configs", as: "globex" })).json().data).toEqual(
      [],
    );
  });

  it("says 'API key ID is required.' and SPEC 8's failure messages through the contract", async () => {
    const { CALLS } = await import("../../contract/calls");
    const { MSG } = await import("../../contract/messages");
    expect(CALLS["apiKeys.delete"].requiredIds[0].message).toBe(MSG.apiKeyIdRequired);
    expect(CALLS["keyConfigs.get"].requiredIds[0].message).toBe(MSG.keyConfigIdRequired);
    expect([CALLS["apiKeys.list"].failure, CALLS["apiKeys.delete"].failure, CALLS["apiKeys.validate"].failure]).toEqual(
      [MSG.fetchApiKeys, MSG.deleteApiKey, MSG.validateApiKey],
    );
  });
});

// Last: suspending globex ends its sessions, which the other tests use.
describe("the account behind a key", () => {
  it("refuses keys of a suspended account and of one whose api module was taken away", async () => {
    // The demo manager lacks the api module: it cannot even create a key.
    const denied = await server.call({
      method: "POST",
      url: "/api/ums/v1/api-keys",
      as: "manager",
      payload: { name: "No module", scopes: ALL_SCOPES },
    });
    expect(denied.statusCode).toBe(403);
    const globex = await createKey("Globex system", { as: "globex" });
    expect((await callWithKey(globex.key)).statusCode).toBe(200);
    const globexId = await server.id("globex");
    const revoke = await server.call({
      method: "POST",
      url: "/api/admin/grantPermission",
      as: "reseller",
      payload: { userId: globexId, moduleNames: ["campaign", "template", "chat", "agent"] },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(codeOf(await callWithKey(globex.key))).toBe(PUBLIC_ERRORS.moduleMissing.code);
    await server.call({
      method: "POST",
      url: "/api/admin/grantPermission",
      as: "reseller",
      payload: { userId: globexId, moduleNames: ["campaign", "template", "chat", "agent", "api"] },
    });
    expect((await callWithKey(globex.key)).statusCode).toBe(200);
    await server.call({
      method: "PUT",
      url: "/api/v1/admin/user",
      as: "reseller",
      payload: { userId: globexId, status: "suspended" },
    });
    expect(codeOf(await callWithKey(globex.key))).toBe(PUBLIC_ERRORS.accountSuspended.code);
    await server.call({
      method: "PUT",
      url: "/api/v1/admin/user",
      as: "reseller",
      payload: { userId: globexId, status: "active" },
    });
  });
});
