import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import fp from "fastify-plugin";
import { AREA_OF, CALLS, SECTION_DESCRIPTIONS, type CallId } from "../../../contract/calls";
import { WEBHOOK_EVENTS, WEBHOOK_HEADERS } from "../../../contract/domain/webhooks";
import { finishDocument } from "./openapi-document";

/** Swagger UI; the OpenAPI document itself is at `${DOCS_PREFIX}/json` (and `/yaml`). */
export const DOCS_PREFIX = "/api/docs";

/** The API a business's own systems call with an API key; everything else is the console's API. */
export const PUBLIC_API_PREFIX = "/api/public/";
export const PUBLIC_API_TAG = "Public API";

/** Who a route is for, by its path: rows added under /api/public/ are documented as the public API by themselves. */
export function isPublicApiPath(url: string): boolean {
  return url.startsWith(PUBLIC_API_PREFIX);
}

const WEBHOOKS_DESCRIPTION = [
  "Outbound webhooks of your account (API Control → Webhooks). Events are POSTed as JSON",
  "`{ id, type, createdAt, data }` with the types " + WEBHOOK_EVENTS.map((e) => `\`${e}\``).join(", ") + ".",
  `Headers: \`${WEBHOOK_HEADERS.id}\` (the delivery's id, the same on every retry: drop duplicates by it),`,
  `\`${WEBHOOK_HEADERS.event}\`, \`${WEBHOOK_HEADERS.timestamp}\` (Unix seconds) and \`${WEBHOOK_HEADERS.signature}: v1=<hex>\`,`,
  "the HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the endpoint's secret (two `v1=` values, space-separated,",
  "for a day after a rotation). Answer 2xx within 5 s; anything else is retried with backoff for 24 hours.",
].join(" ");

/**
 * The console's sections as document tags, in the table's order; a section of public-API paths only is under
 * PUBLIC_API_TAG.
 */
function sectionTags(): { name: string; description: string }[] {
  const sections = [...new Set(Object.values(AREA_OF))];
  const own = sections.filter((name) =>
    Object.entries(AREA_OF).some(([id, section]) => section === name && !isPublicApiPath(CALLS[id as CallId].path)),
  );
  return own.map((name) => ({
    name,
    description:
      name === "Webhooks" ? `${SECTION_DESCRIPTIONS[name]} ${WEBHOOKS_DESCRIPTION}` : SECTION_DESCRIPTIONS[name],
  }));
}

export interface ApiDocsOptions {
  /** PUBLIC_URL: where the console is, for the document's contact and terms; unset, this server. */
  publicUrl?: string;
}

/**
 * The OpenAPI document is generated from the routes, which are generated from the contract's call table, so it
 * lists every call with its roles, module, parameters and replies, and what the rows' `docs` add (headers,
 * examples; openapi-document.ts). Register before the routes: swagger collects them as they are added. Two
 * audiences, told apart by path: the public API (`/api/public/…`, an API key) comes first under its own tag; the
 * console's calls follow by SPEC 7 section (a session token).
 */
export const apiDocs = fp<ApiDocsOptions>(
  async (app, { publicUrl }) => {
    const site = publicUrl ? `${publicUrl}/` : "/";
    await app.register(swagger, {
      openapi: {
        openapi: "3.0.3",
        // Paths are absolute from the host: the server is the one serving this document (a relative URL).
        servers: [{ url: "/", description: "This server: the one that serves this document" }],
        info: {
          title: "Messaging Console API",
          version: "1",
          // The operator's console: its Support page, and the terms its accounts agreed to.
          contact: { name: "Support (in the console)", url: site },
          license: { name: "Proprietary: use is subject to the operator's terms for its accounts", url: site },
          description: [
            `**${PUBLIC_API_TAG}** (\`${PUBLIC_API_PREFIX}…\`): for your own systems, authenticated with an API key from API Control:`,
            "`Authorization: Bearer <key>` or `X-API-Key: <key>`. Delivery receipts and replies come back as signed webhooks (see Webhooks).",
            "The other sections are the console's API, authenticated with the session token that `POST /api/v1/auth/login` answers.",
            "Every refusal is `{ success:false, message, errors? }`; calls not built yet answer 501.",
          ].join("\n\n"),
        },
        tags: [
          { name: PUBLIC_API_TAG, description: SECTION_DESCRIPTIONS[AREA_OF["public.messages.send"]] },
          ...sectionTags(),
        ],
        components: {
          securitySchemes: {
            bearerAuth: {
              type: "http",
              scheme: "bearer",
              bearerFormat: "JWT",
              description: "The console's session token (POST /api/v1/auth/login).",
            },
            apiKey: {
              type: "http",
              scheme: "bearer",
              description: "An API key from API Control, as `Authorization: Bearer <key>`.",
            },
            apiKeyHeader: {
              type: "apiKey",
              in: "header",
              name: "X-API-Key",
              description: "The same API key in the X-API-Key header.",
            },
          },
        },
      },
      // Routes of the public API are documented as such whoever registers them: its tag, and the API key as the way in.
      transform: ({ schema, url }) => {
        if (!isPublicApiPath(url) || !schema) return { schema, url };
        return { schema: { ...schema, tags: [PUBLIC_API_TAG], security: [{ apiKey: [] }, { apiKeyHeader: [] }] }, url };
      },
      transformObject: (documents) =>
        finishDocument("openapiObject" in documents ? documents.openapiObject : documents.swaggerObject),
    });
    // The UI loads only its own script files (no inline script), so the console's helmet policy serves it as is;
    // the online validator badge would be a third-party image, so it is off.
    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      uiConfig: { docExpansion: "list", deepLinking: true, validatorUrl: null },
    });
  },
  { name: "api-docs" },
);
