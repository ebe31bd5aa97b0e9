import type { FastifyRequest } from "fastify";
import { callerOf } from "../../auth/guard";
import { extractText } from "../../services/ai/knowledge/extract";
import { searchKnowledge } from "../../services/ai/knowledge/search";
import {
  createKnowledge,
  deleteKnowledge,
  knowledgeDetail,
  knowledgeRecords,
  knowledgeStats,
  listKnowledge,
  ownKnowledge,
  updateKnowledge,
  type KnowledgeInput,
} from "../../services/ai/knowledge/store";
import { embeddingsConfigured } from "../../services/ai/llm";
import { agentField, aiOwner } from "../../services/ai/tenant";
import type { CallRequest, Handlers } from "../context";
import { readMultipart } from "../uploads/multipart-form";

/** Text or FAQ pairs come as JSON; a file as multipart (part `file`, text fields title, agentId, intent). */
async function knowledgeInput(request: CallRequest<"ai.knowledge.create">): Promise<KnowledgeInput> {
  if (!(request as FastifyRequest).isMultipart()) {
    const body = request.body;
    return {
      title: body.title,
      kind: body.kind,
      content: body.content ?? "",
      faqs: body.faqs ?? [],
      agentId: body.agentId,
      intent: body.intent,
    };
  }
  const { fields, file } = await readMultipart(request, "ai-knowledge-file", "file");
  const extracted = await extractText(file.bytes, file.name);
  const title = fields.title?.trim() || file.name.replace(/\.[^.]+$/, "").slice(0, 200) || "Uploaded file";
  return {
    title,
    kind: "file",
    content: extracted.text,
    faqs: extracted.faqs ?? [],
    agentId: fields.agentId,
    intent: fields.intent,
    file: { name: file.name.slice(0, 255), mimeType: extracted.mimeType, size: file.bytes.length },
  };
}

export const knowledgeHandlers: Handlers = {
  "ai.knowledge.create": async (request, reply, { db, config }) => {
    const owner = await aiOwner(db, callerOf(request));
    const row = await createKnowledge(db, owner, await knowledgeInput(request), {
      embed: embeddingsConfigured(config.ai),
    });
    const [record] = await knowledgeRecords(db, owner, [row]);
    reply.status(201);
    return { success: true, message: `Learned ${record.passages} passage(s)`, data: record };
  },
  "ai.knowledge.list": async (request, _reply, { db }) =>
    listKnowledge(db, await aiOwner(db, callerOf(request)), request.query),
  "ai.knowledge.stats": async (request, _reply, { db, config }) => ({
    success: true,
    data: await knowledgeStats(db, await aiOwner(db, callerOf(request)), embeddingsConfigured(config.ai)),
  }),
  "ai.knowledge.search": async (request, _reply, { db, config }) => {
    const started = performance.now();
    const owner = await aiOwner(db, callerOf(request));
    const agent = await agentField(db, owner, request.query.agentId);
    const result = await searchKnowledge(
      db,
      owner,
      {
        query: request.query.query,
        agentId: agent?.id ?? null,
        intent: request.query.intent || null,
        limit: request.query.limit,
      },
      config.ai,
      (err) => request.log.warn({ err }, "embeddings failed; full-text search only"),
    );
    return {
      success: true,
      data: result.hits,
      mode: result.mode,
      tookMs: Math.round((performance.now() - started) * 10) / 10,
    };
  },
  "ai.knowledge.get": async (request, _reply, { db }) => {
    const owner = await aiOwner(db, callerOf(request));
    return { success: true, data: await knowledgeDetail(db, owner, await ownKnowledge(db, owner, request.params.id)) };
  },
  "ai.knowledge.update": async (request, _reply, { db, config }) => {
    const owner = await aiOwner(db, callerOf(request));
    const row = await updateKnowledge(db, owner, await ownKnowledge(db, owner, request.params.id), request.body, {
      embed: embeddingsConfigured(config.ai),
    });
    const [record] = await knowledgeRecords(db, owner, [row]);
    return { success: true, message: "Knowledge saved", data: record };
  },
  "ai.knowledge.delete": async (request, _reply, { db }) => {
    await deleteKnowledge(db, await ownKnowledge(db, await aiOwner(db, callerOf(request)), request.params.id));
    return { success: true, message: "Knowledge deleted" };
  },
};
