import type { CampaignChannel } from "../../../contract/constants";
import type { PublicMessageState } from "../../../contract/domain/api-keys";
import type { Tx } from "../../db/sql";

/** One public message that moved to a new state (accepted, sent, delivered, read, failed, a fallback queued…). */
export interface PublicMessageStateChange {
  messageId: string;
  userId: string;
  apiKeyId: string;
  channel: CampaignChannel;
  to: string;
  state: PublicMessageState;
  reference: string | null;
  code: string | null;
  reason: string | null;
  at: string;
}

export type PublicMessageStateListener = (tx: Tx, changes: readonly PublicMessageStateChange[]) => Promise<void>;

/**
 * "Message state changed" for messages of the public API: every state change of an `api_messages` row goes through
 * `publicMessageStateChanged`, inside the transaction that makes it, so a listener that writes rows in `tx` (a
 * webhook delivery queue) commits or rolls back with the change itself: no event is lost and none is invented.
 * Listeners must be quick and must not commit on their own; subscribe with `onPublicMessageStateChanged`.
 */
export class PublicMessageEvents {
  private readonly listeners = new Set<PublicMessageStateListener>();

  onPublicMessageStateChanged(listener: PublicMessageStateListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async publicMessageStateChanged(tx: Tx, changes: readonly PublicMessageStateChange[]): Promise<void> {
    if (changes.length === 0) return;
    for (const listener of this.listeners) await listener(tx, changes);
  }
}
