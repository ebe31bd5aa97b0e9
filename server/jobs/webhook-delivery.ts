// Webhook deliveries are a claim-loop job: due rows are claimed with FOR UPDATE SKIP LOCKED and a lease (several
// processes share the queue; a dead one's rows come back when their lease ends) and sent many at a time, since each
// waits on someone else's server. The work itself is in services/webhooks/deliver.ts.
import type { ClaimedDelivery, Deliverer } from "../services/webhooks/deliver";
import type { ClaimJob } from "../db/claim-loop";

export function webhookDeliveryJob(deliverer: Deliverer): ClaimJob<ClaimedDelivery> {
  return {
    name: "webhook-delivery",
    claim: (tx, _wallNow, limit) => deliverer.claim(tx, limit),
    process: (item) => deliverer.process(item),
  };
}
