// RBM's errors mapped to what the product does about them (docs/rcs.md). Google
// answers an HTTP status with a gRPC status name ({ error: { code, message, status } }); the codes we keep are the HTTP
// status, as the sandbox reports RCS refusals (server/carriers/sandbox/provider-errors.ts), so a report reads the same
// whichever carrier sent.
import type { RetryScope } from "../carrier";

export interface ErrorBehaviour {
  code: string;
  retryable: boolean;
  retry?: RetryScope;
  retryAfterMs?: number;
  /** The credentials themselves were refused: the channel is disconnected until they are fixed. */
  disconnect: boolean;
  reason: string;
  /** The recipient cannot be reached over RCS (404, 403 at the capability check or the send): its fallback applies. */
  fallback?: boolean;
}

/** RESOURCE_EXHAUSTED without a Retry-After: slow down for this long. */
export const SLOW_DOWN_MS = 1_000;

export function disconnectReason(code: string, message: string): string {
  return `RCS channel disconnected: Google refused the service account (${code}: ${message}). Upload a new service-account key, then test the connection.`;
}

export function behaviourOf(status: number, grpc: string, message: string, retryAfterMs?: number): ErrorBehaviour {
  const code = String(status);
  if (status === 404)
    return {
      code,
      retryable: false,
      disconnect: false,
      fallback: true,
      reason: "NOT_FOUND: the recipient is not RCS-capable",
    };
  if (status === 403 && /launch|carrier/i.test(message)) {
    return {
      code,
      retryable: false,
      disconnect: false,
      fallback: true,
      reason: "PERMISSION_DENIED: the agent is not launched on the recipient's carrier",
    };
  }
  // Any other 403 is the service account's: it is not allowed to act for this agent.
  if (status === 401 || status === 403)
    return { code, retryable: true, retry: "channel", disconnect: true, reason: disconnectReason(grpc, message) };
  if (status === 429) {
    return {
      code,
      retryable: true,
      retry: "sender",
      retryAfterMs: retryAfterMs ?? SLOW_DOWN_MS,
      disconnect: false,
      reason: "RESOURCE_EXHAUSTED: too many messages per second from this agent; sending slows down and retries",
    };
  }
  if (status >= 500)
    return {
      code,
      retryable: true,
      retry: "sender",
      ...(retryAfterMs ? { retryAfterMs } : {}),
      disconnect: false,
      reason: `${grpc}: Google could not take the message (${message}); retried`,
    };
  return { code, retryable: false, disconnect: false, reason: `${grpc}: ${message}` };
}
