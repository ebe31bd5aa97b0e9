import type { FastifyRequest } from "fastify";
import { StorageFailure } from "../../services/uploads/store";

/** A store failure is answered with SPEC 8's message; its cause goes to the log, never to the caller. */
export async function logStorageFailure<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StorageFailure) request.log.error({ err: error.reason }, "storage failed");
    throw error;
  }
}
