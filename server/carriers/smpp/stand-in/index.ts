// A local SMSC speaking SMPP 3.4 through the same `smpp` library's server mode, for the adapter's tests and the bench:
// it binds transceivers (refusing a wrong system id or password as SMSCs do, ESME_RINVSYSID / ESME_RINVPASWD),
// answers submit_sm with a message_id, sends the delivery receipt of Appendix B (with the receipted_message_id and
// message_state TLVs) after a delay to whichever bind of that system id is up then (receipts wait for a rebind, as an
// SMSC stores them), reassembles nothing (each part is recorded with its header), and can be told to throttle above a
// rate (ESME_RTHROTTLED), refuse destinations with a status, make numbers undeliverable (stat:UNDELIV) or answer them
// with another of SMPP 3.4's message states, answer a submit late or never (or every submit slowly), drop every bind,
// let a customer write (an inbound deliver_sm), or act as an Indian DLT route (dlt.ts: a message without the entity id
// or the template id TLV, or, given the registry, whose text is not its registered template, fails scrubbing, told in
// its receipt).
import type { AddressInfo } from "node:net";
import { createServer, type PDU, type Session } from "smpp";
import { STATUS } from "../errors";
import { messageText } from "../receipts";
import { dltError, type DltRoute } from "./dlt";

/**
 * SMPP's type of number: a full number is international (1), a short code network-specific (3), a header alphanumeric
 * (5).
 */
const tonOf = (address: string): number => (/^\+\d+$|^\d{10,}$/.test(address) ? 1 : /^\d+$/.test(address) ? 3 : 5);

export interface SmscUser {
  systemId: string;
  password: string;
}

export interface SmscBehaviour {
  receiptDelayMs: number;
  /** submit_sm per second per bind above which the SMSC answers ESME_RTHROTTLED (0: never). */
  throttlePerSecond: number;
  /** Destinations (digits) answered with this command_status. */
  refuse: Map<string, number>;
  /** Destinations whose receipt says UNDELIV. */
  undeliverable: Set<string>;
  /** Destinations whose receipt carries this state (a word of MESSAGE_STATES: DELIVRD, EXPIRED, REJECTD, ACCEPTD…). */
  receiptStates: Map<string, ReceiptState>;
  /**
   * Destinations whose submit_sm_resp is sent this many ms late (the receipt may come first, as an SMSC may send it).
   */
  answerAfterMs: Map<string, number>;
  /** Destinations whose submit_sm is taken (and its receipt sent) but never answered. */
  loseResponse: Set<string>;
  /** A deliver_sm answered with an error is delivered again after this long, as an SMSC's retry schedule does. */
  redeliverMs: number;
  /**
   * How long every submit_sm waits for its submit_sm_resp (a slow SMSC; 0: at once). It counts as submitted on arrival.
   */
  answerDelayMs: number;
  /** An Indian DLT route: the TLVs every message must carry (null: not a DLT route). */
  dlt: DltRoute | null;
}

export interface Submitted {
  id: string;
  systemId: string;
  from: string;
  to: string;
  dataCoding: number;
  esmClass: number;
  text: string;
  /** The user data header's bytes when the part has one. */
  udh?: Buffer;
  /** Optional parameters the library does not name (a provider's DLT tags), by tag. */
  tlvs: Record<string, string>;
  /** When the submit_sm arrived (epoch ms): what reached the SMSC before or after a given moment. */
  at: number;
  /** A DLT route's error code when scrubbing refused it (its receipt says REJECTD with it). */
  rejected?: string;
}

export interface Smsc {
  port: number;
  behaviour: SmscBehaviour;
  submitted: Submitted[];
  /** Successful transceiver binds so far. */
  readonly binds: number;
  /** Successful transmitter binds so far (connection checks). */
  readonly transmitterBinds: number;
  /** unbind requests answered so far. */
  readonly unbinds: number;
  /** submit_sm answered ESME_RTHROTTLED so far. */
  readonly throttled: number;
  /** The command_status of every deliver_sm_resp received, in order (0: taken). */
  deliverAnswers: number[];
  /** Drops every bind at once (a network cut); the adapter is expected to rebind. */
  dropBinds(): void;
  customerWrites(message: { systemId: string; from: string; to: string; text: string }): void;
  close(): Promise<void>;
}

/**
 * SMPP 3.4 §5.2.28 message_state, the value the receipt's message_state TLV carries (§5.3.2.35), by the word Appendix
 * B's `stat:` field writes: 1 ENROUTE ("the message is in enroute state"), 2 DELIVERED ("delivered to destination"), 3
 * EXPIRED ("validity period has expired"), 4 DELETED ("has been deleted"), 5 UNDELIVERABLE ("is undeliverable"), 6
 * ACCEPTED ("in accepted state, i.e. has been manually read on behalf of the subscriber by customer service"), 7
 * UNKNOWN ("is in invalid state"), 8 REJECTED ("is in a rejected state").
 */
export const MESSAGE_STATES = {
  ENROUTE: 1,
  DELIVRD: 2,
  EXPIRED: 3,
  DELETED: 4,
  UNDELIV: 5,
  ACCEPTD: 6,
  UNKNOWN: 7,
  REJECTD: 8,
} as const;
export type ReceiptState = keyof typeof MESSAGE_STATES;

const pad = (n: number) => String(n).padStart(2, "0");
const smppDate = (d: Date) =>
  `${pad(d.getUTCFullYear() % 100)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}`;

export async function startSmsc(options: {
  users: readonly SmscUser[];
  port?: number;
  behaviour?: Partial<SmscBehaviour>;
}): Promise<Smsc> {
  const behaviour: SmscBehaviour = {
    receiptDelayMs: 50,
    throttlePerSecond: 0,
    refuse: new Map(),
    undeliverable: new Set(),
    receiptStates: new Map(),
    answerAfterMs: new Map(),
    loseResponse: new Set(),
    redeliverMs: 100,
    answerDelayMs: 0,
    dlt: null,
    ...options.behaviour,
  };
  const deliverAnswers: number[] = [];
  const submitted: Submitted[] = [];
  const boundAs = new Map<Session, string>();
  const waiting = new Map<string, PDUFields[]>();
  const windows = new Map<Session, { second: number; count: number }>();
  let nextId = 0x5a000;
  let binds = 0;
  let transmitterBinds = 0;
  let unbinds = 0;
  let throttledCount = 0;
  const transmitters = new Set<Session>();

  type PDUFields = Record<string, unknown>;

  function deliver(systemId: string, fields: PDUFields): void {
    const session = [...boundAs].find(([, id]) => id === systemId)?.[0];
    if (!session) {
      waiting.set(systemId, [...(waiting.get(systemId) ?? []), fields]);
      return;
    }
    session.deliver_sm(fields, (resp) => {
      const status = resp.command_status;
      deliverAnswers.push(status);
      // Not taken: the SMSC keeps the message and delivers it again later.
      if (status !== 0) setTimeout(() => deliver(systemId, fields), behaviour.redeliverMs).unref();
    });
  }

  function receiptFor(s: Submitted): void {
    const stat: ReceiptState = s.rejected
      ? "REJECTD"
      : (behaviour.receiptStates.get(s.to) ?? (behaviour.undeliverable.has(s.to) ? "UNDELIV" : "DELIVRD"));
    // Appendix B: `dlvrd` counts the messages delivered, `err` is the network's error code where there is one (the DLT
    // platform's, for a message its scrubbing refused).
    const err = s.rejected ?? (stat === "DELIVRD" || stat === "ACCEPTD" || stat === "ENROUTE" ? "000" : "001");
    const now = smppDate(new Date());
    setTimeout(() => {
      deliver(s.systemId, {
        source_addr: s.to,
        destination_addr: s.from,
        esm_class: 0x04,
        short_message: `id:${s.id} sub:001 dlvrd:${stat === "DELIVRD" ? "001" : "000"} submit date:${now} done date:${now} stat:${stat} err:${err} text:${s.text.slice(0, 20)}`,
        receipted_message_id: s.id,
        message_state: MESSAGE_STATES[stat],
      });
    }, behaviour.receiptDelayMs).unref();
  }

  function throttled(session: Session): boolean {
    if (!behaviour.throttlePerSecond) return false;
    const second = Math.floor(Date.now() / 1000);
    const w = windows.get(session);
    if (!w || w.second !== second) {
      windows.set(session, { second, count: 1 });
      return false;
    }
    w.count++;
    return w.count > behaviour.throttlePerSecond;
  }

  const server = createServer({}, (session: Session) => {
    session.on("error", () => undefined);
    session.on("close", () => {
      boundAs.delete(session);
      transmitters.delete(session);
    });
    const credentials = (pdu: PDU) => {
      const user = options.users.find((u) => u.systemId === pdu.system_id);
      if (!user) session.send(pdu.response({ command_status: STATUS.ESME_RINVSYSID }));
      else if (user.password !== pdu.password) session.send(pdu.response({ command_status: STATUS.ESME_RINVPASWD }));
      else return user;
      return null;
    };
    session.on("bind_transceiver", (pdu: PDU) => {
      const user = credentials(pdu);
      if (!user) return;
      session.send(pdu.response({ system_id: "STANDIN" }));
      boundAs.set(session, user.systemId);
      binds++;
      const stored = waiting.get(user.systemId) ?? [];
      waiting.delete(user.systemId);
      stored.forEach((fields) => session.deliver_sm(fields));
    });
    // A transmitter may submit but is handed nothing: receipts keep waiting for a transceiver of the same system id.
    session.on("bind_transmitter", (pdu: PDU) => {
      const user = credentials(pdu);
      if (!user) return;
      session.send(pdu.response({ system_id: "STANDIN" }));
      transmitters.add(session);
      transmitterBinds++;
    });
    session.on("enquire_link", (pdu: PDU) => session.send(pdu.response()));
    session.on("unbind", (pdu: PDU) => {
      session.send(pdu.response());
      boundAs.delete(session);
      transmitters.delete(session);
      unbinds++;
    });
    session.on("submit_sm", (pdu: PDU) => {
      const systemId = boundAs.get(session);
      if (!systemId) return session.send(pdu.response({ command_status: STATUS.ESME_RINVBNDSTS }));
      const to = String(pdu.destination_addr);
      if (throttled(session)) {
        throttledCount++;
        return session.send(pdu.response({ command_status: STATUS.ESME_RTHROTTLED }));
      }
      const refusal = behaviour.refuse.get(to);
      if (refusal !== undefined) return session.send(pdu.response({ command_status: refusal }));
      const id = (nextId++).toString(16).toUpperCase();
      const sm = pdu.short_message;
      const udh = sm && typeof sm === "object" && "udh" in sm ? (sm as { udh: Buffer[] | Buffer }).udh : undefined;
      const tlvs: Record<string, string> = {};
      for (const [key, value] of Object.entries(pdu)) {
        if (/^(\d+|dlt_0x[0-9a-f]+)$/.test(key))
          tlvs[key.startsWith("dlt_") ? String(Number(key.slice(4))) : key] = Buffer.isBuffer(value)
            ? value.toString("latin1").replace(/\0$/, "")
            : String(value);
      }
      const record: Submitted = {
        id,
        systemId,
        from: String(pdu.source_addr),
        to,
        dataCoding: Number(pdu.data_coding),
        esmClass: Number(pdu.esm_class),
        text: messageText(sm),
        tlvs,
        at: Date.now(),
        ...(udh ? { udh: Array.isArray(udh) ? Buffer.concat(udh) : udh } : {}),
      };
      const rejected = behaviour.dlt
        ? dltError(behaviour.dlt, tlvs, { text: record.text, multipart: record.udh !== undefined })
        : null;
      if (rejected) record.rejected = rejected;
      submitted.push(record);
      const answer = () => session.send(pdu.response({ message_id: id }));
      // One number's answer late, or lost (taken, its receipt still comes, never answered); otherwise after the SMSC's
      // delay.
      const late = behaviour.answerAfterMs.get(to) ?? (behaviour.loseResponse.has(to) ? null : behaviour.answerDelayMs);
      if (late === 0) answer();
      else if (late !== null) setTimeout(answer, late).unref();
      if (Number(pdu.registered_delivery) & 0x01) receiptFor(record);
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    behaviour,
    submitted,
    get binds() {
      return binds;
    },
    get transmitterBinds() {
      return transmitterBinds;
    },
    get unbinds() {
      return unbinds;
    },
    get throttled() {
      return throttledCount;
    },
    deliverAnswers,
    dropBinds: () => {
      for (const session of [...boundAs.keys()]) session.destroy();
      boundAs.clear();
    },
    // As an SMSC sends it: numbers without their "+", with their type of number (tonOf).
    customerWrites: ({ systemId, from, to, text }) =>
      deliver(systemId, {
        source_addr: from.replace(/^\+/, ""),
        source_addr_ton: 1,
        destination_addr: to.replace(/^\+/, ""),
        dest_addr_ton: tonOf(to),
        esm_class: 0,
        short_message: text,
      }),
    close: async () => {
      for (const session of server.sessions) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
