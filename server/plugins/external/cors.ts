import cors from "@fastify/cors";
import fp from "fastify-plugin";

export interface CorsOptions {
  /** CORS_ORIGIN: comma-separated origins; unset, the API answers its own origin only. */
  corsOrigin?: string;
}

export const corsPolicy = fp<CorsOptions>(
  async (app, { corsOrigin }) => {
    await app.register(cors, {
      origin: corsOrigin ? corsOrigin.split(",") : false,
      methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    });
  },
  { name: "cors" },
);
