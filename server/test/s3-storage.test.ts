// The S3 store against s3rver, a local S3-compatible server speaking the S3 REST API over HTTP: the AWS SDK's real
// requests (path-style addressing, PutObject/GetObject/DeleteObject) go over a socket, nothing is faked in-process.
import { GetObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromEnv } from "../config";
import { s3ConfigFromEnv, s3Storage, type S3Config } from "../storage/s3";
import { multipart, png } from "./media-fixtures";
import { startServer, type TestServer } from "./harness";

const BUCKET = "media";
let s3rver: S3rver;
let config: S3Config;
let raw: S3Client;

async function text(stream: NodeJS.ReadableStream | null): Promise<string | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString();
}

beforeAll(async () => {
  s3rver = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: await mkdtemp(join(tmpdir(), "s3rver-")),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3rver.run();
  config = s3ConfigFromEnv({
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
    S3_PREFIX: "tests",
  }) as S3Config;
  raw = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
});
afterAll(async () => {
  raw?.destroy();
  await s3rver?.close();
});

describe("S3 configuration from S3_*", () => {
  it("is off without S3_BUCKET, and reads every variable when set", () => {
    expect(s3ConfigFromEnv({})).toBeUndefined();
    expect(configFromEnv({}).s3).toBeUndefined();
    expect(config).toMatchObject({
      bucket: BUCKET,
      region: "us-east-1",
      forcePathStyle: true,
      prefix: "tests/",
      accessKeyId: "S3RVER",
    });
    expect(s3ConfigFromEnv({ S3_BUCKET: "b" })).toEqual({
      bucket: "b",
      region: "us-east-1",
      forcePathStyle: false,
      prefix: "",
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
    });
  });

  it.each([
    [{ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "k" }, "set together"],
    [{ S3_BUCKET: "b", S3_ENDPOINT: "minio:9000" }, "http(s) URL"],
  ])("refuses a half configuration %#", (env, message) => {
    expect(() => s3ConfigFromEnv(env)).toThrow(message);
  });
});

describe("s3Storage", () => {
  it("puts, gets and deletes objects under the prefix, with the content type", async () => {
    const store = s3Storage(config);
    await store.put("u1/a", Buffer.from("hello s3"), "image/png");
    expect(await text(await store.get("u1/a"))).toBe("hello s3");
    const head = await raw.send(new HeadObjectCommand({ Bucket: BUCKET, Key: "tests/u1/a" }));
    expect(head.ContentType).toBe("image/png");
    await store.delete("u1/a");
    expect(await store.get("u1/a")).toBeNull();
    // Deleting again (a missing key) is not an error.
    await expect(store.delete("u1/a")).resolves.toBeUndefined();
  });

  it("streams an object of unknown length in (audience files), several parts long", async () => {
    const store = s3Storage(config);
    const part = Buffer.alloc(1024 * 1024, "a");
    // 6 MB in 1 MB chunks: more than one 5 MB part of the multipart upload.
    await store.putStream("u1/stream", Readable.from(Array.from({ length: 6 }, () => part)), "text/csv");
    expect((await text(await store.get("u1/stream")))?.length).toBe(6 * 1024 * 1024);
    await store.delete("u1/stream");
  });

  it("answers null for a key that never existed and refuses keys that climb out", async () => {
    const store = s3Storage(config);
    expect(await store.get("nobody/none")).toBeNull();
    await expect(store.put("../escape", Buffer.from("x"), "image/png")).rejects.toThrow("invalid storage key");
  });
});

describe("the server with S3_* set", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ dataDir: await mkdtemp(join(tmpdir(), "uploads-s3-")), s3: config });
  });
  afterAll(async () => server?.close());

  it("stores an upload in the bucket and serves it back from there", async () => {
    const form = await multipart({ channel: "rcs" }, { field: "fileContent", bytes: png(), name: "s3.png" });
    const res = await server.call({ method: "POST", url: "/api/upload/aws-upload", as: "manager", ...form });
    expect(res.statusCode, res.body).toBe(201);
    const { _id } = res.json().data;
    const key = `tests/${await server.id("manager")}/${_id}`;
    const object = await raw.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(object.ContentType).toBe("image/png");
    expect(Buffer.from(await object.Body!.transformToByteArray())).toEqual(png());
    const served = await server.call({ method: "GET", url: `/api/upload/${_id}`, as: "manager" });
    expect(served.rawPayload).toEqual(png());
    const del = await server.call({
      method: "DELETE",
      url: `/api/upload/${_id}`,
      as: "manager",
      payload: { channel: "rcs" },
    });
    expect(del.statusCode).toBe(200);
    await expect(raw.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 404 },
    });
  });
});
