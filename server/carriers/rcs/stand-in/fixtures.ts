// Google's own example payloads and errors, from the RBM documentation (guides/learn/conversation-flows,
// guides/build/events/receive-events, reference/rest/v1/phones.capabilities and the error model), so the stand-in
// answers what Google answers rather than what the adapter expects.

/** Capability check answer (conversation-flows, "Hello, World!"). */
export const CAPABLE = {
  rbmEnabled: true,
  features: [
    "REVOCATION",
    "RICHCARD_STANDALONE",
    "RICHCARD_CAROUSEL",
    "ACTION_CREATE_CALENDAR_EVENT",
    "ACTION_DIAL",
    "ACTION_OPEN_URL",
    "ACTION_SHARE_LOCATION",
    "ACTION_VIEW_LOCATION",
  ],
};

/** Google's error model: { error: { code, message, status } } with the gRPC status name. */
export const rpcError = (code: number, status: string, message: string) => ({ error: { code, message, status } });

export const ERRORS = {
  notFound: rpcError(404, "NOT_FOUND", "Requested entity was not found."),
  notLaunched: rpcError(403, "PERMISSION_DENIED", "This agent is not launched on the user's carrier."),
  noPermission: rpcError(403, "PERMISSION_DENIED", "The caller does not have permission"),
  unauthenticated: rpcError(
    401,
    "UNAUTHENTICATED",
    "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
  ),
  exhausted: rpcError(
    429,
    "RESOURCE_EXHAUSTED",
    "Quota exceeded for quota metric 'Agent messages' and limit 'Agent messages per second'.",
  ),
  internal: rpcError(500, "INTERNAL", "Internal error encountered."),
  unavailable: rpcError(503, "UNAVAILABLE", "The service is currently unavailable."),
  exists: rpcError(409, "ALREADY_EXISTS", "Requested entity already exists"),
  invalid: (what: string) => rpcError(400, "INVALID_ARGUMENT", `Invalid value at '${what}'`),
};

/** The OAuth token endpoint's refusal of a JWT signed with another key. */
export const INVALID_GRANT = { error: "invalid_grant", error_description: "Invalid JWT Signature." };

/** User events (receive-events): DELIVERED and READ name the agent's message id. */
export const userEvent = (
  phone: string,
  agentId: string,
  eventType: "DELIVERED" | "READ" | "IS_TYPING",
  messageId: string,
  eventId: string,
) => ({
  senderPhoneNumber: phone,
  eventType,
  eventId,
  messageId,
  agentId,
  sendTime: new Date().toISOString(),
});

/** A user's text message and a tapped suggestion (receive-messages). */
export const userText = (phone: string, agentId: string, messageId: string, text: string) => ({
  senderPhoneNumber: phone,
  messageId,
  sendTime: new Date().toISOString(),
  text,
  agentId,
});
export const suggestionTap = (
  phone: string,
  agentId: string,
  messageId: string,
  text: string,
  postbackData: string,
) => ({
  senderPhoneNumber: phone,
  messageId,
  sendTime: new Date().toISOString(),
  suggestionResponse: { postbackData, text, type: "REPLY" },
  agentId,
});

/** Server events (events guide): the message's TTL passed, RBM revoked it, or could not. */
export const ttlEvent = (phone: string, agentId: string, messageId: string, eventId: string, revoked: boolean) => ({
  phoneNumber: phone,
  messageId,
  agentId,
  eventType: revoked ? "TTL_EXPIRATION_REVOKED" : "TTL_EXPIRATION_REVOKE_FAILED",
  eventId,
  sendTime: new Date().toISOString(),
});
