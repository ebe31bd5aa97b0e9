// Our MessageContent as the body of POST /{phone-number-id}/messages, in the shapes of Meta's own examples ("Send
// Text Message", "Send Message Template Media", "Send Reply Button", "Send List Message"...). Pure, so every kind is
// tested without a network. Our message id rides in biz_opaque_callback_data, which every status webhook echoes.
import type { MessageContent, OutboundMessage } from "../carrier";

type Json = Record<string, unknown>;

/** Meta's media message types by our MIME type: everything not image, video or audio goes as a document. */
export function mediaTypeOf(mimeType: string): "image" | "video" | "audio" | "document" | "sticker" {
  if (mimeType === "image/webp") return "sticker";
  if (mimeType.startsWith("image/")) return "image";
  if (mimeType.startsWith("video/")) return "video";
  if (mimeType.startsWith("audio/")) return "audio";
  return "document";
}

/** The recipient as Meta takes it: digits with the country code (a leading + is accepted too, and kept off). */
export const waRecipient = (e164: string) => e164.replace(/^\+/, "");

function templateComponents(content: Extract<MessageContent, { kind: "template" }>): Json[] {
  const components: Json[] = [];
  const header = content.header;
  if (header?.format === "text") {
    if (header.params.length)
      components.push({ type: "header", parameters: header.params.map((text) => ({ type: "text", text })) });
  } else if (header) {
    const media: Json = header.mediaId ? { id: header.mediaId } : { link: header.link };
    if (header.format === "document" && header.fileName) media.filename = header.fileName;
    components.push({ type: "header", parameters: [{ type: header.format, [header.format]: media }] });
  }
  if (content.params.length)
    components.push({ type: "body", parameters: content.params.map((text) => ({ type: "text", text })) });
  for (const button of content.buttons ?? []) {
    components.push({
      type: "button",
      sub_type: button.subType,
      index: String(button.index),
      parameters: [
        button.subType === "url" ? { type: "text", text: button.value } : { type: "payload", payload: button.value },
      ],
    });
  }
  return components;
}

function interactiveOf(content: Extract<MessageContent, { kind: "interactive" }>): Json {
  const common: Json = {
    body: { text: content.body },
    ...(content.header ? { header: { type: "text", text: content.header } } : {}),
    ...(content.footer ? { footer: { text: content.footer } } : {}),
  };
  if (content.list) {
    return {
      type: "list",
      ...common,
      action: {
        button: content.list.button,
        sections: content.list.sections.map((s) => ({
          title: s.title,
          rows: s.rows.map((r) => ({
            id: r.id,
            title: r.title,
            ...(r.description ? { description: r.description } : {}),
          })),
        })),
      },
    };
  }
  return {
    type: "button",
    ...common,
    action: { buttons: (content.buttons ?? []).map((b) => ({ type: "reply", reply: { id: b.id, title: b.title } })) },
  };
}

/** The request body; throws for content WhatsApp cannot carry (an RCS draft). */
export function messagePayload(message: OutboundMessage): Json {
  const base: Json = {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: waRecipient(message.to),
    biz_opaque_callback_data: message.id,
  };
  const content = message.content;
  switch (content.kind) {
    case "text":
      return { ...base, type: "text", text: { body: content.text, preview_url: /https?:\/\//i.test(content.text) } };
    case "template":
      return {
        ...base,
        type: "template",
        template: {
          name: content.templateName,
          language: { code: content.language },
          ...(templateComponents(content).length ? { components: templateComponents(content) } : {}),
        },
      };
    case "media": {
      const type = mediaTypeOf(content.mimeType);
      const media: Json = content.mediaId ? { id: content.mediaId } : { link: content.mediaUrl };
      // Audio and stickers take no caption; documents show their file name.
      if (content.caption && type !== "audio" && type !== "sticker") media.caption = content.caption;
      if (type === "document" && content.fileName) media.filename = content.fileName;
      return { ...base, type, [type]: media };
    }
    case "interactive":
      return { ...base, type: "interactive", interactive: interactiveOf(content) };
    case "rcs":
      throw new Error("An RCS rich message cannot be sent over WhatsApp");
  }
}
