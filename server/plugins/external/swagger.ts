import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import fp from "fastify-plugin";

export const DOCS_PREFIX = "/api/docs";

/**
 * The OpenAPI document is generated from the routes, which are generated from the contract's call table, so it
 * lists every call with its roles, module, parameters and replies. Register before the routes: swagger collects
 * them as they are added.
 */
export const apiDocs = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: "3.0.3",
        info: {
          title: "Messaging Console API",
          version: "1",
          description: "Generated from contract/calls. Every refusal is `{ success:false, message, errors? }`; calls not built yet answer 501.",
        },
        components: {
          securitySchemes: {
            bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
            // The public API's keys (mc_live_…), in either header.
            apiKeyAuth: { type: "apiKey", in: "header", name: "X-API-Key" },
            apiKeyBearer: { type: "http", scheme: "bearer", bearerFormat: "mc_live_…" },
          },
        },
      },
    });
    // The UI loads only its own script files (no inline script), so the console's helmet policy serves it as is;
    // the online validator badge would be a third-party image, so it is off.
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { docExpansion: "list", deepLinking: true, validatorUrl: null } });
  },
  { name: "api-docs" },
);
