// Meta's Cloud API error codes mapped to what the product does about them (docs/whatsapp.md "WhatsApp Cloud API").
// Codes and titles are from Meta's error code reference; the reasons are ours, written for the person reading a
// campaign report or a failed chat message.
import type { RetryScope } from "../carrier";

export interface ErrorBehaviour {
  /** Try again later (the message did not go out). */
  retryable: boolean;
  retry?: RetryScope;
  retryAfterMs?: number;
  /** The credentials themselves were refused: the channel is disconnected until they are fixed. */
  disconnect: boolean;
  reason: string;
}

/** The pair rate limit lets about one message every 6 seconds reach the same user; the recipient waits that long. */
export const PAIR_RETRY_MS = 6_000;

const AUTH_CODES = new Set([0, 102, 104, 190, 10, 3]);
/** Account-level blocks: no message can go out from this number until someone acts at Meta. */
const ACCOUNT_CODES = new Set([131031, 133010, 368, 131045]);

const isPermission = (code: number) => code >= 200 && code <= 299;

/** Disconnection messages tell the owner what to do, not only what happened. */
export function disconnectReason(code: number, message: string): string {
  if (code === 133010)
    return `WhatsApp channel disconnected: the phone number is not registered with the Cloud API (133010: ${message}). Register it in WhatsApp Manager, then test the connection.`;
  if (ACCOUNT_CODES.has(code))
    return `WhatsApp channel disconnected: Meta blocked the account (${code}: ${message}). Resolve it in WhatsApp Manager, then test the connection.`;
  return `WhatsApp channel disconnected: Meta refused the access token (${code}: ${message}). Enter a new system-user token, then test the connection.`;
}

export function behaviourOf(code: number, message: string, details?: string): ErrorBehaviour {
  const said = details ? `${message}: ${details}` : message;
  switch (code) {
    case 130429:
      return {
        retryable: true,
        retry: "sender",
        disconnect: false,
        reason: "Throughput limit reached (130429): sending from this number slows down and retries",
      };
    case 131056:
      return {
        retryable: true,
        retry: "recipient",
        retryAfterMs: PAIR_RETRY_MS,
        disconnect: false,
        reason: "Too many messages to this recipient in a short time (131056): retried later",
      };
    case 131047:
      return {
        retryable: false,
        disconnect: false,
        reason:
          "Outside the 24-hour window (131047): the customer last wrote more than 24 hours ago, so only an approved template can reach them",
      };
    case 131026:
      return {
        retryable: false,
        disconnect: false,
        reason: "Message undeliverable (131026): the number may not be on WhatsApp or cannot receive this message",
      };
    case 131048:
      return {
        retryable: true,
        retry: "sender",
        retryAfterMs: 60_000,
        disconnect: false,
        reason:
          "Spam rate limit hit (131048): too many messages from this number were blocked or reported; retried later",
      };
    case 4:
    case 80007:
    case 130472:
      return {
        retryable: true,
        retry: "sender",
        retryAfterMs: 60_000,
        disconnect: false,
        reason: `Rate limit at Meta (${code}: ${said}): retried later`,
      };
    case 1:
    case 2:
    case 131000:
    case 131016:
      return {
        retryable: true,
        retry: "sender",
        disconnect: false,
        reason: `Meta could not take the message (${code}: ${said}): retried`,
      };
    default:
      if (AUTH_CODES.has(code) || isPermission(code) || ACCOUNT_CODES.has(code)) {
        return { retryable: true, retry: "channel", disconnect: true, reason: disconnectReason(code, message) };
      }
      return { retryable: false, disconnect: false, reason: `${said} (${code})` };
  }
}
