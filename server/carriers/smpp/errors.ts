// SMPP 3.4 command_status values (§5.1.3) mapped to what the product does about them. Throttling and a full queue
// slow the whole bind down and retry; a refused bind (password, system id) disconnects the channel; an address the
// SMSC refuses is the recipient's failure and is not retried.
import type { RetryScope } from "../carrier";

export const STATUS = {
  ESME_ROK: 0x00,
  ESME_RINVMSGLEN: 0x01,
  ESME_RINVCMDLEN: 0x02,
  ESME_RINVCMDID: 0x03,
  ESME_RINVBNDSTS: 0x04,
  ESME_RALYBND: 0x05,
  ESME_RSYSERR: 0x08,
  ESME_RINVSRCADR: 0x0a,
  ESME_RINVDSTADR: 0x0b,
  ESME_RBINDFAIL: 0x0d,
  ESME_RINVPASWD: 0x0e,
  ESME_RINVSYSID: 0x0f,
  ESME_RMSGQFUL: 0x14,
  ESME_RSUBMITFAIL: 0x45,
  ESME_RTHROTTLED: 0x58,
  ESME_RX_T_APPN: 0x64,
  ESME_RX_R_APPN: 0x66,
} as const;

export interface StatusBehaviour {
  retryable: boolean;
  retry?: RetryScope;
  retryAfterMs?: number;
  disconnect: boolean;
  reason: string;
}

const hex = (status: number) => `0x${status.toString(16).padStart(8, "0")}`;

/** The code stored with a refusal: the status's name where SMPP 3.4 names it, else its hex value. */
export function statusCode(status: number): string {
  const named = Object.entries(STATUS).find(([, v]) => v === status);
  return named ? named[0] : hex(status);
}

export function behaviourOfStatus(status: number): StatusBehaviour {
  switch (status) {
    case STATUS.ESME_RTHROTTLED:
      return {
        retryable: true,
        retry: "sender",
        retryAfterMs: 1_000,
        disconnect: false,
        reason: "The SMSC is throttling this bind (ESME_RTHROTTLED): sending slows down and retries",
      };
    case STATUS.ESME_RMSGQFUL:
      return {
        retryable: true,
        retry: "sender",
        retryAfterMs: 2_000,
        disconnect: false,
        reason: "The SMSC's queue is full (ESME_RMSGQFUL): sending slows down and retries",
      };
    case STATUS.ESME_RSYSERR:
    case STATUS.ESME_RSUBMITFAIL:
      return {
        retryable: true,
        retry: "recipient",
        retryAfterMs: 5_000,
        disconnect: false,
        reason: `The SMSC could not take the message (${statusCode(status)}): retried later`,
      };
    case STATUS.ESME_RINVDSTADR:
      return {
        retryable: false,
        disconnect: false,
        reason: "The SMSC refused the destination number (ESME_RINVDSTADR)",
      };
    case STATUS.ESME_RINVSRCADR:
      return {
        retryable: false,
        disconnect: false,
        reason: "The SMSC refused the sender id (ESME_RINVSRCADR): is the header registered for this account?",
      };
    case STATUS.ESME_RINVMSGLEN:
      return { retryable: false, disconnect: false, reason: "The SMSC refused the message length (ESME_RINVMSGLEN)" };
    case STATUS.ESME_RINVPASWD:
    case STATUS.ESME_RINVSYSID:
    case STATUS.ESME_RBINDFAIL:
      return {
        retryable: true,
        retry: "channel",
        disconnect: true,
        reason: `SMS channel disconnected: the SMSC refused the bind (${statusCode(status)}). Check the system id and password, then test the connection.`,
      };
    case STATUS.ESME_RINVBNDSTS:
      return {
        retryable: true,
        retry: "sender",
        retryAfterMs: 1_000,
        disconnect: false,
        reason: "The bind was not ready (ESME_RINVBNDSTS): rebinding and retrying",
      };
    default:
      return { retryable: false, disconnect: false, reason: `The SMSC refused the message (${statusCode(status)})` };
  }
}
