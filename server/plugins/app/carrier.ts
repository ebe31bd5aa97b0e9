import fp from "fastify-plugin";
import { createCarrier, type Carrier } from "../../carriers";
import { instrumentCarrier } from "../../observability/carrier";
import { createCarrierRouter, type CarrierRouter } from "../../carriers/router";
import { rbmProvider } from "../../carriers/rcs";
import { smppProvider } from "../../carriers/smpp";
import { httpSmsProvider } from "../../carriers/sms-http";
import { whatsappCloudProvider } from "../../carriers/whatsapp-cloud";
import type { ServerConfig } from "../../config";
import { createChannelDirectory } from "../../services/carrier-channels/directory";
import { createHealthRecorder } from "../../services/carrier-channels/health";
import { smppUnansweredStore } from "../../services/carrier-channels/smpp-unanswered";
import { createStorage, type S3Config, type Storage } from "../../storage";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The carrier every send, template review and media upload goes through: a router over the account channels'
     * adapters (WhatsApp Cloud API, SMPP, HTTP SMS, Google RBM) and the default carrier (CARRIER, the sandbox) for
     * every address none claims.
     */
    carrier: CarrierRouter;
    /** Uploaded files (disk under DATA_DIR, or S3). */
    storage: Storage;
  }
}

export interface CarrierOptions extends Pick<
  ServerConfig,
  "credentials" | "whatsappCloud" | "carrierAllowPrivate" | "rbm"
> {
  dataDir: string;
  s3?: S3Config;
  /** The default carrier; tests pass a sandbox with their own seed and delays. */
  carrier?: Carrier;
  storage?: Storage;
}

/**
 * `app.carrier` and `app.storage`; the carrier's timers and connections stop when the app closes. The carrier is
 * wrapped once here: every call counted in the metrics and logged with the request id that made it.
 */
export const carrierPlugin = fp<CarrierOptions>(
  async (app, options) => {
    if (options.credentials.development) {
      app.log.warn(
        'CREDENTIALS_KEY is not set: provider credentials are sealed with the development key (docs/whatsapp.md, "WhatsApp Cloud API"); set it before saving real credentials',
      );
    }
    const health = createHealthRecorder(app.database.db, app.log);
    const carrier = instrumentCarrier(
      createCarrierRouter({
        fallback: options.carrier ?? createCarrier(),
        directory: createChannelDirectory(app.database.db, options.credentials.key, health),
        // SMS providers are at addresses users type: the SSRF guard applies to every connection
        // (CARRIER_ALLOW_PRIVATE).
        providers: [
          whatsappCloudProvider(options.whatsappCloud),
          smppProvider({
            allowPrivate: options.carrierAllowPrivate,
            unanswered: smppUnansweredStore(app.database.db, app.log),
          }),
          httpSmsProvider({ allowPrivate: options.carrierAllowPrivate }),
          // Google RBM is at the operator's URLs (RBM_API_URL, RBM_TOKEN_URL), never a user's: no guard needed.
          rbmProvider(options.rbm),
        ],
      }),
      app.metrics,
      app.log,
    );
    // A channel disconnected here is rebuilt (refusing at once) at its next use, not after the route cache's time.
    health.onDisconnected(() => carrier.invalidate());
    app.decorate("carrier", carrier);
    app.decorate("storage", options.storage ?? createStorage(options.dataDir, options.s3));
    app.addHook("onClose", async () => {
      await carrier.close();
      await health.stop();
    });
  },
  { name: "carrier", dependencies: ["observability", "database"] },
);
