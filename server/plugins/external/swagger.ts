import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";

export const DOCS_PREFIX = "/api/docs";

/**
 * The OpenAPI document is generated from the routes, which are generated from the contract's call table, so it
 * lists every call with its roles, module, parameters and replies. Register before the routes: swagger collects
 * them as they are added.
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "Messaging Console API",
        version: "1",
        description: "Generated from contract/calls. Every refusal is `{ success:false, message, errors? }`; calls not built yet answer 501.",
      },
      components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
  });
  // staticCSP: the UI pages get their own policy (swagger-ui's script/style hashes) instead of the console's.
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true, uiConfig: { docExpansion: "none", deepLinking: true } });
}
