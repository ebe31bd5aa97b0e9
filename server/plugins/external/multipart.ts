import multipart from "@fastify/multipart";
import fp from "fastify-plugin";
import { MAX_MEDIA_BYTES } from "../../../contract/domain/media";

/**
 * multipart/form-data for the calls the contract marks `multipart` (template create, media uploads, campaign files).
 * The limit is the largest file any channel accepts; per-channel limits are checked after sniffing the bytes.
 */
export const multipartForms = fp(
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: MAX_MEDIA_BYTES, files: 1, fields: 50, fieldSize: 1024 * 1024 },
    });
  },
  { name: "multipart" },
);
