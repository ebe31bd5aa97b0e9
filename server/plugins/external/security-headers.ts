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
  /** Origins other than the page's that the console calls (VITE_API_URL) or opens its socket to (VITE_REALTIME_URL). */
  consoleOrigins?: { api?: string; realtime?: string };
}

/** What Embedded Signup needs: Meta's SDK script, its login popup's frames, and the SDK's calls home. */
const FACEBOOK_SDK = {
  script: ["https://connect.facebook.net"],
  frame: ["https://www.facebook.com", "https://web.facebook.com"],
  connect: ["https://*.facebook.com"],
};

const HSTS = "max-age=31536000; includeSubDomains";

type Header = [name: string, value: string];

/**
 * The console's hashed files (scripts, styles, fonts, images): fetched by the page, never shown as a page. A file
 * name with one of these extensions, directly under /assets/: any other path there (no extension, an .html name, a
 * nested or encoded one) may be answered with index.html by the SPA fallback, and a document keeps the whole policy.
 */
const ASSET_FILE = /^\/assets\/[\w.-]+\.(?:js|css|woff2?|ttf|png|jpe?g|gif|svg|webp|ico)(?:\?|$)/i;

/**
 * What a script or stylesheet answer still needs: nosniff (a file must not run as another type), CORP (no other site
 * may embed it) and HSTS. The rest of helmet's set (the CSP, frame, referrer, opener and cross-domain policies) governs
 * documents only: on a subresource the browser ignores it, and on a first load of ~20 files it was ~600 bytes each.
 */
const SUBRESOURCE_HEADERS = new Set([
  "x-content-type-options",
  "cross-origin-resource-policy",
  "strict-transport-security",
]);

const WEBSOCKET_SCHEME: Record<string, string> = { "http:": "ws:", "https:": "wss:" };

/**
 * connect-src: the page's own origin, and each configured origin with its websocket twin (socket.io upgrades on the
 * same host; CSP 3 lets 'self' and an https source cover wss, but older Safari does not, so both are named). The
 * public origin's twin is listed for the same reason. No S3 origin: the browser never talks to the store (files go
 * through /api/upload, read with the owner's token), so none is needed.
 */
export function connectSources(origins: readonly (string | undefined)[]): string[] {
  const sources = new Set<string>(["'self'"]);
  for (const raw of origins) {
    if (!raw) continue;
    const url = new URL(raw);
    sources.add(url.origin);
    sources.add(`${WEBSOCKET_SCHEME[url.protocol] ?? url.protocol}//${url.host}`);
  }
  return [...sources];
}

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
  async (app, { publicUrl, facebookSdk, consoleOrigins = {} }) => {
    const httpsConfigured = publicUrl?.startsWith("https:") ?? false;
    // Built once: @fastify/helmet rebuilt helmet (parsing the whole policy) on every request, about 5 % of a
    // signed-in read's CPU.
    const writeHeaders = helmet({
      strictTransportSecurity: false,
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          ...(facebookSdk
            ? { scriptSrc: ["'self'", ...FACEBOOK_SDK.script], frameSrc: ["'self'", ...FACEBOOK_SDK.frame] }
            : {}),
          // antd injects its CSS-in-JS as <style> elements.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Kept wide on purpose: media that goes out on RCS and WhatsApp lives on the business's own https hosts
          // (bot logos, card and header images typed as links), and the template previews must show it as the
          // recipient will. Images cannot run script; what a wide img-src allows is a request to that host (the
          // viewer's IP, no cookies of ours), and the console renders no markup from users (React escapes text), so
          // nothing can smuggle data out through an image URL. An image proxy would instead make this server fetch
          // any URL a user types: an SSRF surface, and the business's host would see our address, not the viewer's.
          imgSrc: ["'self'", "data:", "blob:", "https:"],
          connectSrc: [
            ...connectSources([publicUrl, consoleOrigins.api, consoleOrigins.realtime]),
            ...(facebookSdk ? FACEBOOK_SDK.connect : []),
          ],
          upgradeInsecureRequests: null,
        },
      },
    });
    const plain = headersOf(writeHeaders);
    const secure = plain.map(([name, value]): Header => [
      name,
      name === "content-security-policy" ? `${value};upgrade-insecure-requests` : value,
    ]);
    secure.push(["strict-transport-security", HSTS]);
    const assetPlain = plain.filter(([name]) => SUBRESOURCE_HEADERS.has(name));
    const assetSecure = secure.filter(([name]) => SUBRESOURCE_HEADERS.has(name));
    app.addHook("onRequest", (request, reply, done) => {
      const https = httpsConfigured || request.protocol === "https";
      const asset = ASSET_FILE.test(request.url);
      for (const [name, value] of asset ? (https ? assetSecure : assetPlain) : https ? secure : plain)
        reply.raw.setHeader(name, value);
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
