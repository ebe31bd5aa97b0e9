import type { HttpError } from "@refinedev/core";

/**
 * A call's toasts: on success the reply's own message (or `done`), on failure the server's message (or `failed`).
 */
export const savedToast = (done: string, failed: string) => ({
  successNotification: (reply?: { data?: Record<string, unknown> }) => ({
    type: "success" as const,
    message: typeof reply?.data?.message === "string" ? reply.data.message : done,
  }),
  errorNotification: (err?: HttpError) => ({ type: "error" as const, message: err?.message || failed }),
});
