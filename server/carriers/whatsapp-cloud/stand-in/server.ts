// The stand-in's HTTP side: the Graph API paths the adapter uses, answered from the state (state.ts) in Meta's
// documented shapes (fixtures.ts), with Meta's errors. Accepted messages then live on: sent, delivered (or failed),
// read, as signed webhooks to the WABA's callback.
import multipart from "@fastify/multipart";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { docError, docStatusWebhook, docTemplateStatusWebhook, type DocErrorCode } from "./fixtures";
import type { AcceptedMessage, StandInState, StandInTemplate, StandInWaba } from "./state";
import { validateSend } from "./validate";
import { checkChatMedia } from "../../../../contract/domain/media";
import { sniffMedia } from "../../../storage/sniff";

/** How long a media download URL works (Meta: "only valid for 5 minutes"). */
export const MEDIA_URL_MS = 5 * 60_000;
import type { WebhookDelivery, WebhookSender } from "./webhook-sender";

type Json = Record<string, unknown>;
type Req = FastifyRequest<{ Params: Record<string, string>; Querystring: Record<string, string | undefined> }>;

export interface StandInRuntime {
  state: StandInState;
  sender: WebhookSender;
  /** The app's own callback (configured in the App Dashboard), used unless a WABA overrides it. */
  appWebhook?: { url: string; verifyToken: string };
  /** Delivers a payload to the WABA's callback, signed with the app secret; undefined when no callback is set. */
  announce(waba: StandInWaba, payload: unknown): Promise<WebhookDelivery | undefined>;
  later(ms: number, task: () => void): void;
}

const tokenOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  const match = header ? /^(?:Bearer|OAuth)\s+(.+)$/i.exec(header) : null;
  return match?.[1] ?? (request.query as Record<string, string | undefined>).access_token;
};

function refuse(reply: FastifyReply, code: DocErrorCode, details?: string) {
  const { status, body } = docError(code, details);
  return reply.status(status).send(body);
}

const unknownObject = (reply: FastifyReply, id: string) =>
  reply.status(400).send({
    error: {
      message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      type: "GraphMethodException",
      code: 100,
      error_subcode: 33,
      fbtrace_id: "AXsgnV2Cm3ZMGF3dF_cfYIn",
    },
  });

const pick = (object: Json, fields: string | undefined, always: string[]) => {
  if (!fields) return object;
  const wanted = new Set([...always, ...fields.split(",").map((f) => f.trim())]);
  return Object.fromEntries(Object.entries(object).filter(([k]) => wanted.has(k)));
};

/** The life of an accepted message: sent, then delivered (and read) or failed, each a signed status webhook. */
function playStatuses(rt: StandInRuntime, message: AcceptedMessage): void {
  const { delays, readReceipts } = rt.state.behaviour;
  const status = (name: "sent" | "delivered" | "read" | "failed", error?: DocErrorCode) => {
    const doc = error ? docError(error).body.error : undefined;
    return docStatusWebhook({
      wabaId: message.wabaId,
      phoneNumberId: message.phone.id,
      displayPhoneNumber: message.phone.display_phone_number.replace(/\D/g, ""),
      id: message.wamid,
      status: name,
      timestamp: Math.floor(Date.now() / 1000),
      recipientId: message.to,
      ...(typeof message.payload.biz_opaque_callback_data === "string"
        ? { bizOpaqueCallbackData: message.payload.biz_opaque_callback_data }
        : {}),
      ...(doc && error
        ? {
            error: {
              code: Number(error),
              title: doc.message.replace(/^\(#\d+\)\s*/, ""),
              message: doc.message,
              details: doc.error_data?.details ?? "",
            },
          }
        : {}),
    });
  };
  const waba = rt.state.wabas.get(message.wabaId);
  if (!waba) return;
  rt.later(delays.sentMs, () => {
    void rt.announce(waba, status("sent")).then(() => {
      rt.later(delays.deliveredMs, () => {
        if (message.failure) {
          void rt.announce(waba, status("failed", message.failure));
          return;
        }
        void rt.announce(waba, status("delivered")).then(() => {
          if (readReceipts) rt.later(delays.readMs, () => void rt.announce(waba, status("read")));
        });
      });
    });
  });
}

/** A template verdict webhook, and the template's stored status with it. */
export function announceTemplate(
  rt: StandInRuntime,
  waba: StandInWaba,
  template: StandInTemplate,
  event: StandInTemplate["status"],
  reason = "NONE",
  extra: {
    otherInfo?: { title: string; description: string };
    rejectionInfo?: { reason: string; recommendation: string };
  } = {},
) {
  template.status = event;
  template.rejected_reason = event === "REJECTED" ? reason : "NONE";
  return rt.announce(
    waba,
    docTemplateStatusWebhook({
      wabaId: waba.id,
      time: Math.floor(Date.now() / 1000),
      event,
      templateId: template.id,
      name: template.name,
      language: template.language,
      reason,
      category: template.category,
      ...extra,
    }),
  );
}

/** The category of the template a send names (by name and language), or undefined for free-form messages. */
function categoryOf(waba: StandInWaba, payload: Json): string | undefined {
  const template = payload.template as { name?: unknown; language?: { code?: unknown } } | undefined;
  return waba.templates.find((t) => t.name === template?.name && t.language === template?.language?.code)?.category;
}

function sendMessage(rt: StandInRuntime, request: Req, reply: FastifyReply) {
  const { state } = rt;
  const found = state.wabaOfPhone(request.params.id);
  if (!found) return unknownObject(reply, request.params.id);
  if (!state.mayUse(tokenOf(request), found.waba.id)) return refuse(reply, 190);
  if (state.throttled(found.phone.id)) return refuse(reply, 130429);
  const payload = request.body as Json;
  const refusal = validateSend(found.waba, payload);
  if (refusal) return refuse(reply, refusal.code, refusal.details);
  const to = String(payload.to).replace(/^\+/, "");
  const scripted = state.takeScripted(to);
  if (scripted) return refuse(reply, scripted);
  if (state.pairLimited(found.phone.id, to)) return refuse(reply, 131056);
  const wamid = state.nextId("wamid");
  const freeForm = payload.type !== "template";
  const failure: DocErrorCode | undefined = state.behaviour.notOnWhatsApp.has(to)
    ? 131026
    : freeForm && !state.windowOpen(found.phone.id, to)
      ? 131047
      : state.behaviour.stoppedMarketing.has(to) && categoryOf(found.waba, payload) === "MARKETING"
        ? 131050
        : undefined;
  const message: AcceptedMessage = {
    wamid,
    wabaId: found.waba.id,
    phone: found.phone,
    to,
    payload,
    ...(failure ? { failure } : {}),
  };
  state.accepted.push(message);
  playStatuses(rt, message);
  return reply.send({
    messaging_product: "whatsapp",
    contacts: [{ input: String(payload.to), wa_id: to }],
    messages: [{ id: wamid, ...(payload.type === "template" ? { message_status: "accepted" } : {}) }],
  });
}

function createTemplate(rt: StandInRuntime, waba: StandInWaba, request: Req, reply: FastifyReply) {
  const body = request.body as Json;
  const name = typeof body.name === "string" ? body.name : "";
  const language = typeof body.language === "string" ? body.language : "";
  const category = typeof body.category === "string" ? body.category.toUpperCase() : "";
  if (
    !/^[a-z0-9_]{1,512}$/.test(name) ||
    !language ||
    !["MARKETING", "UTILITY", "AUTHENTICATION"].includes(category) ||
    !Array.isArray(body.components)
  ) {
    return refuse(
      reply,
      100,
      "name ([a-z0-9_]), language, category (MARKETING, UTILITY, AUTHENTICATION) and components are required",
    );
  }
  if (waba.templates.some((t) => t.name === name && t.language === language)) {
    return reply.status(400).send({
      error: {
        message: "Invalid parameter",
        type: "OAuthException",
        code: 100,
        error_subcode: 2388023,
        error_user_msg: `Message template "${name}" already exists in ${language}`,
        fbtrace_id: "AXsgnV2Cm3ZMGF3dF_cfYIn",
      },
    });
  }
  const template: StandInTemplate = {
    id: rt.state.nextId("object"),
    name,
    language,
    category,
    status: "PENDING",
    rejected_reason: "NONE",
    components: body.components,
  };
  waba.templates.push(template);
  // The review: a name asking for it is rejected, everything else approved, after reviewMs.
  rt.later(rt.state.behaviour.reviewMs, () => {
    if (template.status !== "PENDING") return;
    if (name.includes("reject")) {
      void announceTemplate(rt, waba, template, "REJECTED", "INVALID_FORMAT", {
        rejectionInfo: {
          reason: "The template contains content that does not meet the format requirements.",
          recommendation: "Review the formatting guidelines and resubmit.",
        },
      });
    } else void announceTemplate(rt, waba, template, "APPROVED");
  });
  return reply.send({ id: template.id, status: template.status, category: template.category });
}

export async function buildStandInServer(rt: StandInRuntime): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(multipart, { limits: { fileSize: 100 * 1024 * 1024 } });
  app.addContentTypeParser("application/octet-stream", { parseAs: "buffer" }, (_request, body, done) =>
    done(null, body),
  );
  const { state } = rt;

  app.get("/:version/oauth/access_token", async (request: Req, reply) => {
    const { client_id: clientId, client_secret: secret, code } = request.query;
    if (clientId !== state.app.id || secret !== state.app.secret)
      return refuse(reply, 100, "client_id or client_secret is not valid");
    const wabaId = code ? state.signupCodes.get(code) : undefined;
    if (!code || !wabaId)
      return reply.status(400).send({
        error: {
          message: "Invalid verification code format.",
          type: "OAuthException",
          code: 100,
          error_subcode: 36008,
          fbtrace_id: "AXsgnV2Cm3ZMGF3dF_cfYIn",
        },
      });
    state.signupCodes.delete(code);
    const token = `EAAJB${state.nextId("object")}businesstoken`;
    state.tokens.set(token, new Set([wabaId]));
    return { access_token: token, token_type: "bearer" };
  });

  app.get("/:version/debug_token", async (request: Req, reply) => {
    if (request.query.access_token !== `${state.app.id}|${state.app.secret}`) return refuse(reply, 190);
    const wabas = [...(state.tokens.get(request.query.input_token ?? "") ?? [])];
    return {
      data: {
        app_id: state.app.id,
        type: "SYSTEM_USER",
        is_valid: wabas.length > 0,
        granular_scopes: [
          { scope: "whatsapp_business_management", target_ids: wabas },
          { scope: "whatsapp_business_messaging", target_ids: wabas },
        ],
      },
    };
  });

  app.post("/:version/:id/messages", async (request: Req, reply) => sendMessage(rt, request, reply));

  app.post("/:version/:id/media", async (request: Req, reply) => {
    const found = state.wabaOfPhone(request.params.id);
    if (!found) return unknownObject(reply, request.params.id);
    if (!state.mayUse(tokenOf(request), found.waba.id)) return refuse(reply, 190);
    let type = "";
    let data: Buffer = Buffer.alloc(0);
    for await (const part of request.parts()) {
      if (part.type === "file") data = await part.toBuffer();
      else if (part.fieldname === "type") type = String(part.value);
    }
    if (!data.length || !type) return refuse(reply, 100, "file and type are required");
    // Meta checks the file against the supported media types and sizes; one outside them is 131053.
    const sniffed = await sniffMedia(data);
    if (sniffed.mimeType !== type)
      return refuse(reply, 131053, `The file is ${sniffed.mimeType ?? "unknown"}, not ${type}`);
    const verdict = checkChatMedia("whatsapp", sniffed.mimeType, data.length, sniffed.animated);
    if (!verdict.ok) return refuse(reply, 131053, verdict.message);
    return { id: state.storeMedia(type, data) };
  });

  app.post("/:version/:id/register", async (request: Req, reply) => {
    const found = state.wabaOfPhone(request.params.id);
    if (!found) return unknownObject(reply, request.params.id);
    if (!state.mayUse(tokenOf(request), found.waba.id)) return refuse(reply, 190);
    const pin = (request.body as Json | undefined)?.pin;
    if (typeof pin !== "string" || !/^\d{6}$/.test(pin)) return refuse(reply, 100, "pin: a 6-digit PIN is required");
    found.waba.registered.set(found.phone.id, pin);
    return { success: true };
  });

  app.post("/:version/:id/subscribed_apps", async (request: Req, reply) => {
    const waba = state.wabas.get(request.params.id);
    if (!waba) return unknownObject(reply, request.params.id);
    if (!state.mayUse(tokenOf(request), waba.id)) return refuse(reply, 190);
    const body = (request.body ?? {}) as Json;
    if (typeof body.override_callback_uri === "string") {
      const verifyToken = typeof body.verify_token === "string" ? body.verify_token : "";
      // Meta verifies an override callback before it takes it.
      const check = await rt.sender.verify(body.override_callback_uri, verifyToken);
      if (!check.ok)
        return refuse(reply, 100, `override_callback_uri: the callback did not verify (status ${check.status})`);
      waba.override = { url: body.override_callback_uri, verifyToken };
    }
    return { success: true };
  });

  app.post("/:version/:id/uploads", async (request: Req, reply) => {
    if (request.params.id !== state.app.id) return unknownObject(reply, request.params.id);
    const token = tokenOf(request);
    if (!token || !state.tokens.has(token)) return refuse(reply, 190);
    const length = Number(request.query.file_length);
    const type = request.query.file_type ?? "";
    if (
      !Number.isInteger(length) ||
      length < 1 ||
      !["application/pdf", "image/jpeg", "image/jpg", "image/png", "video/mp4"].includes(type)
    ) {
      return refuse(
        reply,
        100,
        "file_length and file_type (application/pdf, image/jpeg, image/jpg, image/png, video/mp4) are required",
      );
    }
    const id = state.nextId("upload");
    state.uploads.set(id, { type, length });
    return { id };
  });

  app.post("/:version/:id", async (request: Req, reply) => {
    const upload = state.uploads.get(request.params.id);
    if (!upload) return unknownObject(reply, request.params.id);
    const token = tokenOf(request);
    if (!/^OAuth /i.test(request.headers.authorization ?? "") || !token || !state.tokens.has(token))
      return refuse(reply, 190);
    const body = request.body as Buffer | undefined;
    if (request.headers.file_offset !== "0" || !Buffer.isBuffer(body) || body.length !== upload.length)
      return refuse(reply, 100, "file_offset 0 and the whole file are required");
    return { h: `4::${Buffer.from(upload.type).toString("base64")}:${request.params.id.slice("upload:".length)}` };
  });

  app.get("/:version/:id/phone_numbers", async (request: Req, reply) => {
    const waba = state.wabas.get(request.params.id);
    if (!waba) return unknownObject(reply, request.params.id);
    if (!state.mayUse(tokenOf(request), waba.id)) return refuse(reply, 190);
    return { data: waba.phoneNumbers.map((p) => pick({ ...p }, request.query.fields, ["id"])) };
  });

  app.post("/:version/:id/message_templates", async (request: Req, reply) => {
    const waba = state.wabas.get(request.params.id);
    if (!waba) return unknownObject(reply, request.params.id);
    if (!state.mayUse(tokenOf(request), waba.id)) return refuse(reply, 190);
    return createTemplate(rt, waba, request, reply);
  });

  app.get("/:version/:id/message_templates", async (request: Req, reply) => {
    const waba = state.wabas.get(request.params.id);
    if (!waba) return unknownObject(reply, request.params.id);
    if (!state.mayUse(tokenOf(request), waba.id)) return refuse(reply, 190);
    const limit = Math.min(Number(request.query.limit ?? 25) || 25, 100);
    const start = request.query.after ? Number(Buffer.from(request.query.after, "base64url").toString()) : 0;
    const all = waba.templates.filter((t) => !request.query.name || t.name === request.query.name);
    const page = all.slice(start, start + limit);
    const after = Buffer.from(String(start + page.length)).toString("base64url");
    return {
      data: page.map((t) => pick({ ...t }, request.query.fields, ["id"])),
      paging: {
        cursors: { before: Buffer.from(String(start)).toString("base64url"), after },
        ...(start + limit < all.length ? { next: `${request.url}&after=${after}` } : {}),
      },
    };
  });

  app.delete("/:version/:id/message_templates", async (request: Req, reply) => {
    const waba = state.wabas.get(request.params.id);
    if (!waba) return unknownObject(reply, request.params.id);
    if (!state.mayUse(tokenOf(request), waba.id)) return refuse(reply, 190);
    const name = request.query.name;
    if (!name) return refuse(reply, 100, "name is required");
    const before = waba.templates.length;
    waba.templates = waba.templates.filter(
      (t) => t.name !== name || (request.query.hsm_id !== undefined && t.id !== request.query.hsm_id),
    );
    if (waba.templates.length === before)
      return reply.status(400).send({
        error: {
          message: "Invalid parameter",
          type: "OAuthException",
          code: 100,
          error_subcode: 2593002,
          error_user_msg: `Message template "${name}" was not found`,
          fbtrace_id: "AXsgnV2Cm3ZMGF3dF_cfYIn",
        },
      });
    return { success: true };
  });

  app.get("/:version/:id", async (request: Req, reply) => {
    const id = request.params.id;
    const token = tokenOf(request);
    const phone = state.wabaOfPhone(id);
    if (phone)
      return state.mayUse(token, phone.waba.id)
        ? pick({ ...phone.phone }, request.query.fields, ["id"])
        : refuse(reply, 190);
    const waba = state.wabas.get(id);
    if (waba)
      return state.mayUse(token, waba.id)
        ? pick(
            {
              id: waba.id,
              name: waba.name,
              timezone_id: "1",
              message_template_namespace: "ba30dd89_2ebd_41e4_b805_f2c05ae04cc9",
            },
            request.query.fields,
            ["id"],
          )
        : refuse(reply, 190);
    const template = state.templateById(id);
    if (template)
      return state.mayUse(token, template.waba.id)
        ? pick({ ...template.template }, request.query.fields, ["id"])
        : refuse(reply, 190);
    const media = state.media.get(id);
    if (media && token && state.tokens.has(token))
      return {
        messaging_product: "whatsapp",
        // "The URL is only valid for 5 minutes": the download below refuses it after that.
        url: `${request.protocol}://${request.host}/media/${id}?exp=${Date.now() + MEDIA_URL_MS}`,
        mime_type: media.type,
        sha256: media.sha256,
        file_size: media.bytes,
        id,
      };
    return unknownObject(reply, id);
  });

  // Download Media: the URL from GET /{media-id}, with the same bearer token; an expired URL or a token that is not
  // the app's answers 404/401 as Meta's CDN does.
  app.get(
    "/media/:id",
    async (request: FastifyRequest<{ Params: { id: string }; Querystring: { exp?: string } }>, reply) => {
      const media = state.media.get(request.params.id);
      const token = tokenOf(request);
      if (!token || !state.tokens.has(token)) return reply.status(401).send("Unauthorized");
      if (!media || Number(request.query.exp ?? 0) < Date.now()) return reply.status(404).send("Not found");
      return reply.header("content-type", media.type).send(media.data);
    },
  );

  return app;
}

export type { AcceptedMessage };
