import { callerOf } from "../../auth/guard";
import { contactsOwner } from "../../services/contacts/owner";
import { segmentCount, segmentSample } from "../../services/segments/count";
import {
  checkedDefinition,
  createSegment,
  deleteSegment,
  listSegments,
  ownSegment,
  toSegment,
  updateSegment,
} from "../../services/segments/store";
import type { Handlers } from "../context";

// Segments (issue 39, item 4): every call resolves the owner first (as contacts do), so another account's segment
// answers 404 like a missing one, and each count compiles the definition against that owner's contacts only.

export const segmentHandlers: Handlers = {
  "contacts.segments.list": async (request, _reply, { db }) => {
    const owner = await contactsOwner(db, callerOf(request));
    return { success: true, data: await listSegments(db, owner) };
  },

  "contacts.segments.get": async (request, _reply, { db }) => {
    const owner = await contactsOwner(db, callerOf(request));
    return { success: true, data: toSegment(await ownSegment(db, owner, request.params.id)) };
  },

  "contacts.segments.create": async (request, reply, { db }) => {
    const owner = await contactsOwner(db, callerOf(request));
    const data = await createSegment(db, owner, request.body);
    reply.status(201);
    return { success: true, message: `Segment ${data.name} saved`, data };
  },

  "contacts.segments.update": async (request, _reply, { db }) => {
    const owner = await contactsOwner(db, callerOf(request));
    const data = await updateSegment(db, owner, request.params.id, request.body);
    return { success: true, message: `Segment ${data.name} saved`, data };
  },

  "contacts.segments.delete": async (request, _reply, { db }) => {
    const owner = await contactsOwner(db, callerOf(request));
    const name = await deleteSegment(db, owner, request.params.id);
    return { success: true, message: `Segment ${name} deleted` };
  },

  "contacts.segments.count": async (request, _reply, { db }) => {
    const owner = await contactsOwner(db, callerOf(request));
    const segment = await ownSegment(db, owner, request.params.id);
    return { success: true, count: await segmentCount(db, owner, segment.definition) };
  },

  "contacts.segments.preview": async (request, _reply, { db }) => {
    const owner = await contactsOwner(db, callerOf(request));
    const definition = await checkedDefinition(db, owner, request.body.definition);
    const [count, data] = await Promise.all([
      segmentCount(db, owner, definition),
      segmentSample(db, owner, definition),
    ]);
    return { success: true, count, data };
  },

  "contacts.segments.sample": async (request, _reply, { db }) => {
    const owner = await contactsOwner(db, callerOf(request));
    const segment = await ownSegment(db, owner, request.params.id);
    const [count, data] = await Promise.all([
      segmentCount(db, owner, segment.definition),
      segmentSample(db, owner, segment.definition),
    ]);
    return { success: true, count, data };
  },
};
