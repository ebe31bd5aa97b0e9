// The WhatsApp Cloud API adapter's configuration: where the Graph API is (the stand-in's URL in tests), its version,
// and the platform's Meta app for Embedded Signup. Per-account credentials are not here: they are channels
// (server/db/schema/carrier-channels.ts), and settings.ts reads one.

export interface EmbeddedSignupConfig {
  /** FACEBOOK_APP_ID: the platform's Meta app, whose Embedded Signup the console opens. */
  appId: string;
  /** FACEBOOK_APP_SECRET: exchanges Embedded Signup's code for the business's token, and signs the app's webhooks. */
  appSecret: string;
  /** FACEBOOK_CONFIG_ID: the Facebook Login for Business configuration of the WhatsApp Embedded Signup flow. */
  configId?: string;
}

export interface WhatsAppCloudConfig {
  /** WHATSAPP_GRAPH_URL, default https://graph.facebook.com. */
  graphUrl: string;
  /** WHATSAPP_GRAPH_VERSION, default v23.0. */
  version: string;
  /** WHATSAPP_TIMEOUT_MS: a call not answered by then counts as lost (a send's outcome is then unknown). */
  timeoutMs: number;
  /** WHATSAPP_MPS: messages per second per phone number when a channel sets none (Meta's default is 80). */
  messagesPerSecond: number;
  /** Message ids a channel's adapter remembers, so the same id is not sent twice by this process. */
  rememberIds: number;
  embeddedSignup?: EmbeddedSignupConfig;
}

function positive(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number of at least 1, got "${raw}"`);
  return value;
}

export function whatsappCloudConfigFromEnv(env: NodeJS.ProcessEnv = process.env): WhatsAppCloudConfig {
  const graphUrl = (env.WHATSAPP_GRAPH_URL || "https://graph.facebook.com").replace(/\/+$/, "");
  if (!/^https?:\/\//.test(graphUrl)) throw new Error(`WHATSAPP_GRAPH_URL must be an http(s) URL, got "${graphUrl}"`);
  const version = env.WHATSAPP_GRAPH_VERSION || "v23.0";
  if (!/^v\d+\.\d+$/.test(version)) throw new Error(`WHATSAPP_GRAPH_VERSION must look like v23.0, got "${version}"`);
  const appId = env.FACEBOOK_APP_ID?.trim();
  const appSecret = env.FACEBOOK_APP_SECRET?.trim();
  if (appId && !appSecret)
    throw new Error("FACEBOOK_APP_ID is set without FACEBOOK_APP_SECRET: Embedded Signup needs both");
  return {
    graphUrl,
    version,
    timeoutMs: positive(env.WHATSAPP_TIMEOUT_MS, 15_000, "WHATSAPP_TIMEOUT_MS"),
    messagesPerSecond: positive(env.WHATSAPP_MPS, 80, "WHATSAPP_MPS"),
    rememberIds: 100_000,
    ...(appId && appSecret
      ? {
          embeddedSignup: {
            appId,
            appSecret,
            ...(env.FACEBOOK_CONFIG_ID ? { configId: env.FACEBOOK_CONFIG_ID.trim() } : {}),
          },
        }
      : {}),
  };
}
