import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import fp from "fastify-plugin";
import helmet from "helmet";
import { isApiPath, pathOf } from "../../http/paths";

export interface SecurityHeadersOptions {
  /** PUBLIC_URL: when it is https, every answer asks the browser to stay on https. */
  publicUrl?: string;
  /** FACEBOOK_APP_ID is set: the WhatsApp channel page loads Meta's JavaScript SDK for Embedded Signup. */
  facebookSdk?: boolean;
}

/** What Embedded Signup needs: Meta's SDK script, its login popup's frames, and the SDK's calls home. */
const FACEBOOK_SDK = { script: ["https://connect.facebook.net"], frame: ["https://www.facebook.com", "https://web.facebook.com"], connect: ["https://*.facebook.com"] };

const HSTS = "max-age=31536000; includeSubDomains";

type Header = [name: string, value: string];

/**
 * The headers a helmet middleware writes. This policy uses no nonces or per-request directives, so they are the
 * same for every request: worked out once, they are replayed instead of running helmet's dozen middlewares each time.
 */
function headersOf(middleware: ReturnType<typeof helmet>): Header[] {
  const headers = new Map<string, string>();
  const recorder = new ServerResponse(new IncomingMessage(new Socket()));
  recorder.setHeader = (name, value) => (headers.set(name.toLowerCase(), String(value)), recorder);
  recorder.removeHeader = (name) => void headers.delete(name.toLowerCase());
  middleware(recorder.req, recorder, () => undefined);
  return [...headers];
}

/**
 * Helmet's policy, except that `upgrade-insecure-requests` and HSTS are sent only over https (or when the public
 * origin is https): on plain http at a LAN address they make the browser fetch the console's files over https,
 * which nothing answers, and the page stays blank. request.protocol follows X-Forwarded-Proto only from trusted
 * proxies, so a client cannot switch this on or off.
 */
export const securityHeaders = fp<SecurityHeadersOptions>(
  async (app, { publicUrl, facebookSdk }) => {
    const httpsConfigured = publicUrl?.startsWith("https:") ?? false;
    // Built once: @fastify/helmet rebuilt helmet (parsing the whole policy) on every request, about 5 % of a
    // signed-in read's CPU.
    const writeHeaders = helmet({
      strictTransportSecurity: false,
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          ...(facebookSdk ? { scriptSrc: ["'self'", ...FACEBOOK_SDK.script], frameSrc: ["'self'", ...FACEBOOK_SDK.frame] } : {}),
          // antd injects its CSS-in-JS as <style> elements.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Media that goes out on RCS and WhatsApp lives on the business's own https hosts (bot logos, card
          // images): the previews must show it as the recipient will. Images cannot run script.
          imgSrc: ["'self'", "data:", "blob:", "https:"],
          connectSrc: ["'self'", "ws:", "wss:", ...(facebookSdk ? FACEBOOK_SDK.connect : [])],
          upgradeInsecureRequests: null,
        },
      },
    });
    const plain = headersOf(writeHeaders);
    const secure = plain.map(([name, value]): Header => [name, name === "content-security-policy" ? `${value};upgrade-insecure-requests` : value]);
    secure.push(["strict-transport-security", HSTS]);
    app.addHook("onRequest", (request, reply, done) => {
      for (const [name, value] of httpsConfigured || request.protocol === "https" ? secure : plain) reply.raw.setHeader(name, value);
      done();
    });
    // Answers about accounts and balances must not be kept by the browser or a proxy (security item 10).
    app.addHook("onSend", (request, reply, payload, done) => {
      if (isApiPath(pathOf(request.url))) reply.header("cache-control", "no-store");
      done(null, payload);
    });
  },
  { name: "security-headers" },
);
