import type { S3Client } from "@aws-sdk/client-s3";
import { Readable } from "node:stream";
import { assertKey, type Storage } from "./storage";

/** S3_* variables: AWS S3 itself, or any S3-compatible store (MinIO, Ceph, R2...) through endpoint + path style. */
export interface S3Config {
  bucket: string;
  /** Unset: AWS's own endpoint for the region. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's default chain (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path (http://host/bucket/key), which most self-hosted stores need. */
  forcePathStyle: boolean;
  /** Folder inside the bucket, so one bucket can serve several installations. */
  prefix: string;
}

// The AWS SDK (about 20 MB resident) is loaded by the first file stored or read, not at start-up: a server keeping its
// files on disk never loads it.
type Sdk = typeof import("@aws-sdk/client-s3");
const loadSdk = (): Promise<Sdk> => import("@aws-sdk/client-s3");

async function clientFor(config: S3Config): Promise<S3Client> {
  const { S3Client } = await loadSdk();
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // The SDK's default CRC checksums (since 3.729) are refused by many S3-compatible stores; AWS needs them only
    // where an operation requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

const missing = ({ NoSuchKey, S3ServiceException }: Sdk, error: unknown) =>
  error instanceof NoSuchKey ||
  (error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404));

/**
 * Objects under `prefix` in one bucket; the content type goes with the object, so the store's own listing shows it.
 * `given` is a client of the caller's (tests); otherwise one is made from `config` on first use.
 */
export function s3Storage(config: S3Config, given?: S3Client): Storage {
  let client: Promise<S3Client> | undefined;
  const connect = async () => {
    client ??= given ? Promise.resolve(given) : clientFor(config);
    return { client: await client, sdk: await loadSdk() };
  };
  const keyOf = (key: string) => {
    assertKey(key);
    return `${config.prefix}${key}`;
  };
  return {
    kind: "s3",
    async put(key, bytes, mimeType) {
      const { client, sdk } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: config.bucket,
          Key: keyOf(key),
          Body: bytes,
          ContentType: mimeType,
          ContentLength: bytes.length,
        }),
      );
    },
    async putStream(key, source, mimeType) {
      // A multipart upload in 5 MB parts: the length need not be known and only a few parts are in memory at once.
      const [{ client }, { Upload }] = await Promise.all([connect(), import("@aws-sdk/lib-storage")]);
      const upload = new Upload({
        client,
        params: { Bucket: config.bucket, Key: keyOf(key), Body: source, ContentType: mimeType },
        queueSize: 2,
        partSize: 5 * 1024 * 1024,
      });
      await upload.done();
    },
    async get(key) {
      const { client, sdk } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }));
        // In Node the body is an IncomingMessage (a Readable); anything else is wrapped.
        const body = object.Body;
        if (!body) return null;
        return body instanceof Readable ? body : Readable.from(Buffer.from(await body.transformToByteArray()));
      } catch (error) {
        if (missing(sdk, error)) return null;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers 204 for a missing key too.
      const { client, sdk } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }));
    },
  };
}

/** The S3 store's settings from S3_*; undefined when S3_BUCKET is unset (then files go to disk). */
export function s3ConfigFromEnv(env: NodeJS.ProcessEnv): S3Config | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all");
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint))
    throw new Error(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  const prefix = (env.S3_PREFIX ?? "").trim().replace(/^\/+/, "");
  return {
    bucket,
    endpoint,
    region: env.S3_REGION || "us-east-1",
    accessKeyId,
    secretAccessKey,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === "true" || env.S3_FORCE_PATH_STYLE === "1",
    prefix: prefix && !prefix.endsWith("/") ? `${prefix}/` : prefix,
  };
}
