// When the store itself fails (disk full, bucket gone) the caller gets SPEC 8's message and the database is unchanged.
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { buildApp } from "../app";
import { openDatabase, type Database } from "../db/client";
import { uploads } from "../db/schema";
import type { Storage } from "../storage";
import { multipart, png } from "./media-fixtures";
import { DEMO_PASSWORD, migratedPglite } from "./harness";

/** A store whose writes or deletes can be made to fail, as a full disk or an unreachable bucket would. */
function flakyStorage() {
  const objects = new Map<string, Uint8Array>();
  const state = { failPut: false, failDelete: false };
  const storage: Storage = {
    kind: "disk",
    async put(key, bytes) {
      if (state.failPut) throw new Error("ENOSPC: no space left on device");
      objects.set(key, bytes);
    },
    async putStream() {
      throw new Error("not used by media uploads");
    },
    async get() {
      return null;
    },
    async delete(key) {
      if (state.failDelete) throw new Error("connect ECONNREFUSED");
      objects.delete(key);
    },
  };
  return { storage, objects, state };
}

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let token: string;
const flaky = flakyStorage();

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://", template: migratedPglite() });
  app = await buildApp({
    database,
    logger: false,
    storage: flaky.storage,
    config: { demoPassword: DEMO_PASSWORD, webRoot: "./.no-web-root", jwtSecret: "t" },
  });
  const login = await app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    payload: { email: "manager", password: DEMO_PASSWORD },
  });
  token = login.json().data.token;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const rows = async () => (await database.db.select({ n: count() }).from(uploads))[0].n;

describe("store failures", () => {
  it("a failed write answers 500 'Failed to upload template media' and adds no row", async () => {
    flaky.state.failPut = true;
    const form = await multipart({ channel: "rcs" }, { field: "fileContent", bytes: png(), name: "a.png" });
    const res = await app.inject({
      method: "POST",
      url: "/api/upload/aws-upload",
      headers: { ...form.headers, authorization: `Bearer ${token}` },
      payload: form.payload,
    });
    flaky.state.failPut = false;
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: MSG.uploadTemplateMedia });
    expect(await rows()).toBe(0);
  });

  it("a failed delete answers 500 'Failed to delete media' and keeps the row and the object", async () => {
    const form = await multipart({ channel: "rcs" }, { field: "fileContent", bytes: png(), name: "a.png" });
    const created = await app.inject({
      method: "POST",
      url: "/api/upload/aws-upload",
      headers: { ...form.headers, authorization: `Bearer ${token}` },
      payload: form.payload,
    });
    const id = created.json().data._id;
    flaky.state.failDelete = true;
    const res = await app.inject({
      method: "DELETE",
      url: `/api/upload/${id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { channel: "rcs" },
    });
    flaky.state.failDelete = false;
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: MSG.deleteMedia });
    expect(await rows()).toBe(1);
    expect(flaky.objects.size).toBe(1);
  });
});
