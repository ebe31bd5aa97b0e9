import fp from "fastify-plugin";
import { createCarrier, type Carrier } from "../../carriers";
import { instrumentCarrier } from "../../observability/carrier";
import { createStorage, type S3Config, type Storage } from "../../storage";

declare module "fastify" {
  interface FastifyInstance {
    /** The carrier adapter every send, template review and media upload goes through (CARRIER, default sandbox). */
    carrier: Carrier;
    /** Uploaded files (disk under DATA_DIR, or S3). */
    storage: Storage;
  }
}

export interface CarrierOptions {
  dataDir: string;
  s3?: S3Config;
  /** Tests pass a sandbox with their own seed and delays. */
  carrier?: Carrier;
  storage?: Storage;
}

/**
 * `app.carrier` and `app.storage`; the carrier's timers and connections stop when the app closes. The carrier is
 * wrapped once here: every call counted in the metrics and logged with the request id that made it.
 */
export const carrierPlugin = fp<CarrierOptions>(
  async (app, options) => {
    const carrier = instrumentCarrier(options.carrier ?? createCarrier(), app.metrics, app.log);
    app.decorate("carrier", carrier);
    app.decorate("storage", options.storage ?? createStorage(options.dataDir, options.s3));
    app.addHook("onClose", async () => carrier.close());
  },
  { name: "carrier", dependencies: ["observability"] },
);
