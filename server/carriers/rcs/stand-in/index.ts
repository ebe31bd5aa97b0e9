// A local stand-in for Google's RBM API and OAuth token endpoint, speaking the documented contract (fixtures.ts): the
// JWT bearer grant verified against the service account's PUBLIC key (a JWT signed with another key is refused
// invalid_grant), bearer tokens checked on every call, capability checks (capable numbers 200, unknown 404, numbers on
// an unlaunched carrier 403), agentMessages.create (400 for a message id that is not a UUID, 409 for one seen before;
// told to: 429 RESOURCE_EXHAUSTED, 500 INTERNAL, 401 after revoking tokens), revoke (404 once delivered), files.create,
// and webhooks posted as RBM does: Pub/Sub push bodies signed with X-Goog-Signature (HMAC-SHA512 of the decoded data
// with the client token).
import { createHmac, generateKeyPairSync, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { importSPKI, jwtVerify } from "jose";
import { checkChatMedia } from "../../../../contract/domain/media";
import { CAPABLE, ERRORS, INVALID_GRANT, suggestionTap, ttlEvent, userEvent, userText } from "./fixtures";

/** A suggestion's label, whether a reply or an action. */
const chipText = (c: unknown): string => {
  const o = (c ?? {}) as { reply?: { text?: unknown }; action?: { text?: unknown } };
  const text = o.reply?.text ?? o.action?.text;
  return typeof text === "string" ? text : "";
};

export interface StandInKey {
  /** The key file as Google issues it (JSON), to paste in the connect form. */
  json: string;
  clientEmail: string;
  publicKeyPem: string;
}

/** A service-account key pair of the kind Google issues (RSA 2048, PKCS#8 PEM in a JSON key file). */
export function makeServiceAccountKey(clientEmail = "rbm-sender@rbm-partner-123.iam.gserviceaccount.com"): StandInKey {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const json = JSON.stringify({
    type: "service_account",
    project_id: "rbm-partner-123",
    private_key_id: randomUUID().replace(/-/g, ""),
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    client_email: clientEmail,
    client_id: "104857600000000000000",
    token_uri: "https://oauth2.googleapis.com/token",
  });
  return { json, clientEmail, publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString() };
}

export interface StoredMessage {
  id: string;
  phone: string;
  body: { contentMessage?: Record<string, unknown>; messageTrafficType?: string; ttl?: string };
  state: "pending" | "delivered" | "revoked";
}

export interface RbmStandIn {
  url: string;
  tokenUrl: string;
  agentId: string;
  messages: Map<string, StoredMessage>;
  files: { name: string; mimeType: string; bytes: number }[];
  /** Token grants made (the adapter caches: one per hour). */
  grants: number;
  behaviour: {
    capable: Set<string>;
    unlaunched: Set<string>;
    limitNext: number;
    failNext: number;
    /** Every issued token is refused (401) and new grants are refused (the key was deleted in Google Cloud). */
    revoked: boolean;
    /** Send DELIVERED for every accepted message at once. */
    autoDeliver: boolean;
  };
  /** Where webhooks go (the channel's webhook URL); set after the channel exists. */
  webhookUrl: string;
  clientToken: string;
  /** Posts one event as RBM does; answers the webhook's status. `signWith` forges the signature's key. */
  push(
    event: Record<string, unknown>,
    options?: { signWith?: string; pubsubId?: string },
  ): Promise<{ status: number; body: string }>;
  deliver(id: string): Promise<number>;
  read(id: string): Promise<number>;
  /** The message's TTL passes: RBM revokes it (unless delivered) or, `revokeFails`, says it could not. */
  expire(id: string, revokeFails?: boolean): Promise<number>;
  userText(phone: string, text: string): Promise<number>;
  /**
   * A user sends a file: RBM's UserFile event ({ userFile: { payload: { mimeType, fileSizeBytes, fileUri, fileName } } })
   * whose fileUri this stand-in serves (GET /userfiles/…); `userFiles.delete(uri)` makes it gone (404).
   */
  userFile(
    phone: string,
    file: { data: Buffer; mimeType: string; fileName: string },
  ): Promise<{ status: number; uri: string }>;
  userFiles: Map<string, { data: Buffer; mimeType: string }>;
  tap(phone: string, text: string, postbackData: string): Promise<number>;
  handshake(clientToken: string, secret: string): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

/** RFC 9562's textual form of a UUID (§4): 32 hex digits in groups of 8, 4, 4, 4 and 12. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const read = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
  });

export async function startRbmStandIn(options: {
  key: StandInKey;
  agentId: string;
  clientToken: string;
  port?: number;
}): Promise<RbmStandIn> {
  const publicKey = await importSPKI(options.key.publicKeyPem, "RS256");
  const tokens = new Set<string>();
  let seq = 0;
  const state: RbmStandIn = {
    url: "",
    tokenUrl: "",
    agentId: options.agentId,
    messages: new Map(),
    files: [],
    grants: 0,
    webhookUrl: "",
    clientToken: options.clientToken,
    behaviour: {
      capable: new Set(),
      unlaunched: new Set(),
      limitNext: 0,
      failNext: 0,
      revoked: false,
      autoDeliver: false,
    },
    push: async (event, opts = {}) => {
      const data = Buffer.from(JSON.stringify(event));
      const signature = createHmac("sha512", opts.signWith ?? state.clientToken)
        .update(data)
        .digest("base64");
      const res = await fetch(state.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "x-goog-signature": signature },
        body: JSON.stringify({
          message: {
            attributes: {},
            data: data.toString("base64"),
            messageId: opts.pubsubId ?? String(++seq + 9_000_000),
            publishTime: new Date().toISOString(),
          },
          subscription: "projects/rbm-partner-123/subscriptions/rbm-agent-sub",
        }),
      });
      return { status: res.status, body: await res.text() };
    },
    deliver: async (id) => {
      const m = state.messages.get(id);
      if (!m) throw new Error(`no message ${id}`);
      m.state = "delivered";
      return (await state.push(userEvent(m.phone, `${options.agentId}@rbm.goog`, "DELIVERED", id, `ev-d-${id}`)))
        .status;
    },
    read: async (id) => {
      const m = state.messages.get(id);
      if (!m) throw new Error(`no message ${id}`);
      return (await state.push(userEvent(m.phone, `${options.agentId}@rbm.goog`, "READ", id, `ev-r-${id}`))).status;
    },
    expire: async (id, revokeFails = false) => {
      const m = state.messages.get(id);
      if (!m) throw new Error(`no message ${id}`);
      if (!revokeFails && m.state === "pending") m.state = "revoked";
      return (await state.push(ttlEvent(m.phone, `${options.agentId}@rbm.goog`, id, `ev-t-${id}`, !revokeFails)))
        .status;
    },
    userFiles: new Map(),
    userFile: async (phone, file) => {
      const uri = `${state.url}/userfiles/${randomUUID()}`;
      state.userFiles.set(uri, { data: file.data, mimeType: file.mimeType });
      const event = {
        senderPhoneNumber: phone,
        messageId: `MxFile${++seq}`,
        sendTime: new Date().toISOString(),
        agentId: `${options.agentId}@rbm.goog`,
        userFile: {
          payload: { mimeType: file.mimeType, fileSizeBytes: file.data.length, fileUri: uri, fileName: file.fileName },
        },
      };
      return { status: (await state.push(event)).status, uri };
    },
    userText: async (phone, text) =>
      (await state.push(userText(phone, `${options.agentId}@rbm.goog`, `MxUser${++seq}`, text))).status,
    tap: async (phone, text, postbackData) =>
      (await state.push(suggestionTap(phone, `${options.agentId}@rbm.goog`, `MxTap${++seq}`, text, postbackData)))
        .status,
    handshake: async (clientToken, secret) => {
      const res = await fetch(state.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ clientToken, secret }),
      });
      return { status: res.status, body: await res.text() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  async function grant(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const form = new URLSearchParams((await read(req)).toString("utf8"));
    if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer")
      return json(400, { error: "unsupported_grant_type", error_description: "Invalid grant_type" });
    if (state.behaviour.revoked)
      return json(400, { error: "invalid_grant", error_description: "Invalid grant: account not found" });
    try {
      const { payload } = await jwtVerify(form.get("assertion") ?? "", publicKey, {
        issuer: options.key.clientEmail,
        audience: state.tokenUrl,
        algorithms: ["RS256"],
      });
      if (payload.scope !== "https://www.googleapis.com/auth/rcsbusinessmessaging")
        return json(400, { error: "invalid_scope", error_description: "Invalid OAuth scope" });
    } catch {
      return json(400, INVALID_GRANT);
    }
    state.grants++;
    const token = `ya29.standin-${randomUUID()}`;
    tokens.add(token);
    json(200, { access_token: token, expires_in: 3599, token_type: "Bearer" });
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(body));
    };
    const bearer = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    if (!tokens.has(bearer) || state.behaviour.revoked) return json(401, ERRORS.unauthenticated);
    if (url.searchParams.get("agentId") !== options.agentId) return json(403, ERRORS.noPermission);
    const body = await read(req);
    if (req.method === "POST" && url.pathname === "/upload/v1/files") {
      // "The maximum size of files sent through RBM is 100 MB", of the supported image, video and PDF types.
      const type = String(req.headers["content-type"] ?? "");
      const verdict = checkChatMedia("rcs", type, body.length);
      if (!verdict.ok) return json(400, ERRORS.invalid(`file: ${verdict.message}`));
      const name = `files/${randomUUID().replace(/-/g, "").slice(0, 20)}`;
      state.files.push({ name, mimeType: String(req.headers["content-type"] ?? ""), bytes: body.length });
      return json(200, { name });
    }
    const m = /^\/v1\/phones\/([^/]+)\/(capabilities|agentMessages)(?:\/([^/]+))?$/.exec(url.pathname);
    if (!m) return json(404, ERRORS.notFound);
    const phone = decodeURIComponent(m[1]);
    if (!/^\+[1-9]\d{6,14}$/.test(phone)) return json(400, ERRORS.invalid("name"));
    if (m[2] === "capabilities" && req.method === "GET") {
      if (state.behaviour.unlaunched.has(phone)) return json(403, ERRORS.notLaunched);
      return state.behaviour.capable.has(phone) ? json(200, CAPABLE) : json(404, ERRORS.notFound);
    }
    if (m[2] === "agentMessages" && req.method === "DELETE" && m[3]) {
      const stored = state.messages.get(decodeURIComponent(m[3]));
      if (!stored || stored.state !== "pending") return json(404, ERRORS.notFound);
      stored.state = "revoked";
      return json(200, {});
    }
    if (m[2] === "agentMessages" && req.method === "POST") {
      const id = url.searchParams.get("messageId");
      // phones.agentMessages.create: "messageId: Required. The unique ID of the message, assigned by the agent. This
      // must be a UUID, as defined in RFC 9562." Google's error model answers a malformed argument 400
      // INVALID_ARGUMENT. The textual form is what is checked here (8-4-4-4-12 hex digits, any case), as a UUID parser
      // reads it.
      if (!id || !UUID.test(id)) return json(400, ERRORS.invalid("message_id"));
      if (state.behaviour.limitNext > 0) {
        state.behaviour.limitNext--;
        return json(429, ERRORS.exhausted, { "retry-after": "2" });
      }
      if (state.behaviour.failNext > 0) {
        state.behaviour.failNext--;
        return json(500, ERRORS.internal);
      }
      // "The RCS for Business platform ignores any agent message sent with an ID that was used by an earlier message or
      // event sent from the same agent": it is refused as ALREADY_EXISTS (google.rpc.Code 6, HTTP 409) and not sent
      // again.
      if (state.messages.has(id)) return json(409, ERRORS.exists);
      const parsed = JSON.parse(body.toString("utf8") || "{}") as StoredMessage["body"];
      if (!parsed.contentMessage) return json(400, ERRORS.invalid("content_message"));
      // RBM's limits on a message's suggestions (Suggestion reference): at most 11, each chip's text at most 25
      // characters; more is refused as INVALID_ARGUMENT, as Google does.
      const chips = parsed.contentMessage.suggestions;
      if (Array.isArray(chips) && (chips.length > 11 || chips.some((c) => chipText(c).length > 25)))
        return json(400, ERRORS.invalid("content_message.suggestions"));
      if (!state.behaviour.capable.has(phone)) return json(404, ERRORS.notFound);
      state.messages.set(id, { id, phone, body: parsed, state: "pending" });
      json(200, {
        name: `phones/${phone}/agentMessages/${id}`,
        sendTime: new Date().toISOString(),
        contentMessage: parsed.contentMessage,
      });
      if (state.behaviour.autoDeliver) setTimeout(() => void state.deliver(id).catch(() => undefined), 5).unref();
      return;
    }
    json(404, ERRORS.notFound);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    if (req.method === "GET" && url.pathname.startsWith("/userfiles/")) {
      // A user's file at Google's storage: a plain GET, no token.
      const file = state.userFiles.get(`${state.url}${url.pathname}`);
      res.writeHead(file ? 200 : 404, { "content-type": file?.mimeType ?? "text/plain" });
      res.end(file ? file.data : "Not found");
      return;
    }
    const work = url.pathname === "/token" && req.method === "POST" ? grant(req, res) : api(req, res, url);
    void work.catch((error: unknown) => {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: 500, message: String(error), status: "INTERNAL" } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.url = origin;
  state.tokenUrl = `${origin}/token`;
  return state;
}
