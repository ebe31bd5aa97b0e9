// One SMPP bind, wrapped in promises: bind_transceiver (and again after a drop, with backoff), a window of
// outstanding submit_sm (SMPP 3.4 §2.8: an ESME may have several requests awaiting responses; the SMSC sets how many),
// enquire_link every `enquireLinkMs` to keep the bind alive and notice a dead one, answers to the SMSC's own requests
// (deliver_sm, enquire_link, unbind). A submit answers one of five outcomes: the SMSC's response; not sent (no bind, so
// it is safe to try again); lost (written, but the connection dropped or the response did not come in time: the
// message may have gone out, so it must not be sent again blindly); the bind itself refused; or the address refused
// (private, loopback or link-local while the operator does not allow it: nothing is connected, nothing retried).
import { connect, type PDU, type PduFields, type Session } from "smpp";
import { guardedLookup, refuseLiteral, SsrfError } from "../../http/ssrf";
import { PROVIDER_RULE } from "../provider-address";
import { behaviourOfStatus, STATUS, type StatusBehaviour } from "./errors";

export interface LinkOptions {
  host: string;
  port: number;
  systemId: string;
  password: string;
  systemType?: string;
  /**
   * "transceiver" (the channel's bind: submits out, receipts and inbound messages in) or "transmitter" (a connection
   * check: the SMSC delivers nothing to it, so no stored receipt is taken by a bind that would drop it).
   */
  mode?: "transceiver" | "transmitter";
  /** Outstanding submit_sm at most; more wait for a response. */
  window: number;
  responseTimeoutMs: number;
  bindTimeoutMs: number;
  enquireLinkMs: number;
  rebindInitialMs: number;
  rebindMaxMs: number;
  /**
   * CARRIER_ALLOW_PRIVATE: the SMSC may be on a private, loopback or link-local address (the SSRF guard refuses it
   * otherwise).
   */
  allowPrivate: boolean;
}

export type SubmitOutcome =
  | { kind: "answered"; pdu: PDU }
  /** Its signal aborted while it waited for a place in the window: never written, nothing to settle. */
  | { kind: "withdrawn" }
  | { kind: "not-sent"; reason: string }
  | { kind: "lost"; reason: string }
  | { kind: "bind-refused"; status: number; behaviour: StatusBehaviour }
  | { kind: "address-refused"; reason: string };

export interface LinkEvents {
  bound(): void;
  bindRefused(status: number, behaviour: StatusBehaviour): void;
  dropped(reason: string): void;
  /** A deliver_sm: answered once this settles, with ESME_RX_T_APPN if it rejects (the SMSC delivers it again). */
  deliver(pdu: PDU): Promise<void>;
  /** The connection failed before any bind (refused, unreachable, reset): a check stops here instead of waiting. */
  unreachable?(reason: string): void;
  /** The address is private and not allowed: no connection was made, and none will be. */
  addressRefused?(reason: string): void;
}

interface Outstanding {
  settle(outcome: SubmitOutcome): void;
}

export interface SmppLink {
  /** `signal`: withdraw the submit if it aborts before a place in the window is free (once written, it goes on). */
  submit(fields: PduFields, signal?: AbortSignal): Promise<SubmitOutcome>;
  /** An enquire_link round trip on the bind: whether the SMSC answered it within the response timeout. */
  enquire(): Promise<boolean>;
  /** Resolves once bound; answers the refusal if the SMSC refused the bind. */
  ready(): Promise<
    | { ok: true }
    | { ok: false; status: number; behaviour: StatusBehaviour }
    | { ok: false; status: null; reason: string; addressRefused?: boolean }
  >;
  /** Binds made so far (the first and every rebind). */
  readonly binds: number;
  close(): Promise<void>;
}

export function openLink(options: LinkOptions, events: LinkEvents): SmppLink {
  let session: Session | null = null;
  let bound = false;
  let closed = false;
  let refused: { status: number; behaviour: StatusBehaviour } | null = null;
  /** Why the address is refused (server/http/ssrf.ts), once it is: the link then stays down. */
  let blocked: string | null = null;
  let attempts = 0;
  let binds = 0;
  let rebindTimer: NodeJS.Timeout | undefined;
  let enquireTimer: NodeJS.Timeout | undefined;
  let inflight = 0;
  const slotWaiters: (() => void)[] = [];
  const bindWaiters = new Set<() => void>();
  const outstanding = new Set<Outstanding>();

  const wakeBindWaiters = () => {
    for (const wake of [...bindWaiters]) wake();
  };

  function dropped(reason: string): void {
    if (enquireTimer) clearInterval(enquireTimer);
    enquireTimer = undefined;
    const wasBound = bound;
    bound = false;
    session = null;
    // Written but unanswered: the SMSC may have taken them. Never re-sent from here.
    for (const o of [...outstanding])
      o.settle({ kind: "lost", reason: `The bind dropped before the SMSC answered (${reason})` });
    if (wasBound) events.dropped(reason);
    else if (!refused) events.unreachable?.(reason);
    if (closed || refused || blocked) return;
    const delay = Math.min(options.rebindMaxMs, options.rebindInitialMs * 2 ** attempts);
    attempts++;
    rebindTimer = setTimeout(open, delay);
  }

  function block(reason: string): void {
    blocked = reason;
    events.addressRefused?.(reason);
    wakeBindWaiters();
  }

  function open(): void {
    if (closed) return;
    // An address written as such skips lookup; a name is judged by the lookup, at connect time, address by address.
    try {
      refuseLiteral(options.host, options.allowPrivate, PROVIDER_RULE);
    } catch (error) {
      block((error as Error).message);
      events.unreachable?.((error as Error).message);
      return;
    }
    const s = connect({
      host: options.host,
      port: options.port,
      lookup: guardedLookup(options.allowPrivate, PROVIDER_RULE),
    });
    session = s;
    let gone = false;
    const lost = (reason: string) => {
      if (gone) return;
      gone = true;
      if (session === s) dropped(reason);
    };
    s.on("error", (error: Error) => {
      if (error instanceof SsrfError) block(error.message);
      lost(error.message);
    });
    s.on("close", () => lost("connection closed"));
    s.on("connect", () => {
      const bind = options.mode === "transmitter" ? s.bind_transmitter.bind(s) : s.bind_transceiver.bind(s);
      bind(
        {
          system_id: options.systemId,
          password: options.password,
          system_type: options.systemType ?? "",
          interface_version: 0x34,
        },
        (pdu) => {
          if (pdu.command_status !== STATUS.ESME_ROK) {
            refused = { status: pdu.command_status, behaviour: behaviourOfStatus(pdu.command_status) };
            events.bindRefused(refused.status, refused.behaviour);
            wakeBindWaiters();
            s.destroy();
            return;
          }
          bound = true;
          binds++;
          attempts = 0;
          enquireTimer = setInterval(() => s.enquire_link({}), options.enquireLinkMs);
          enquireTimer.unref();
          events.bound();
          wakeBindWaiters();
        },
      );
    });
    s.on("deliver_sm", (pdu: PDU) => {
      // Acknowledged only once stored: a customer's message the SMSC has an ESME_ROK for must survive a crash here.
      events.deliver(pdu).then(
        () => s.send(pdu.response()),
        () => s.send(pdu.response({ command_status: STATUS.ESME_RX_T_APPN })),
      );
    });
    s.on("enquire_link", (pdu: PDU) => s.send(pdu.response()));
    s.on("unbind", (pdu: PDU) => {
      s.send(pdu.response());
      s.close();
    });
  }

  async function waitBound(): Promise<boolean> {
    if (bound) return true;
    if (refused || blocked || closed) return false;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => finish(false), options.bindTimeoutMs);
      const wake = () => {
        if (bound || refused || blocked || closed) finish(bound);
      };
      function finish(value: boolean) {
        clearTimeout(timer);
        bindWaiters.delete(wake);
        resolve(value);
      }
      bindWaiters.add(wake);
    });
  }

  /** A place in the window (true), or false once `signal` aborts while waiting for one. */
  async function slot(signal?: AbortSignal): Promise<boolean> {
    if (inflight < options.window) {
      inflight++;
      return true;
    }
    if (signal?.aborted) return false;
    return new Promise<boolean>((resolve) => {
      const take = () => {
        signal?.removeEventListener("abort", withdraw);
        resolve(true);
      };
      const withdraw = () => {
        const at = slotWaiters.indexOf(take);
        if (at >= 0) slotWaiters.splice(at, 1);
        resolve(false);
      };
      slotWaiters.push(take);
      signal?.addEventListener("abort", withdraw, { once: true });
    });
  }
  function release(): void {
    const next = slotWaiters.shift();
    if (next) next();
    else inflight--;
  }

  open();

  return {
    get binds() {
      return binds;
    },
    ready: async () => {
      if (await waitBound()) return { ok: true };
      if (refused) return { ok: false, ...refused };
      if (blocked) return { ok: false, status: null, reason: blocked, addressRefused: true };
      return {
        ok: false,
        status: null,
        reason: `No bind to the SMSC at ${options.host}:${options.port} within ${options.bindTimeoutMs} ms`,
      };
    },
    submit: async (fields, signal) => {
      if (signal?.aborted) return { kind: "withdrawn" };
      if (!(await waitBound())) {
        if (refused) return { kind: "bind-refused", ...refused };
        if (blocked) return { kind: "address-refused", reason: blocked };
        return { kind: "not-sent", reason: `No bind to the SMSC at ${options.host}:${options.port}` };
      }
      if (!(await slot(signal))) return { kind: "withdrawn" };
      const s = session;
      if (!s || !bound) {
        release();
        return { kind: "not-sent", reason: "The bind dropped before the message was written" };
      }
      return new Promise<SubmitOutcome>((resolve) => {
        const entry: Outstanding = {
          settle: (outcome) => {
            if (!outstanding.delete(entry)) return;
            clearTimeout(timer);
            release();
            resolve(outcome);
          },
        };
        const timer = setTimeout(
          () =>
            entry.settle({ kind: "lost", reason: `The SMSC did not answer within ${options.responseTimeoutMs} ms` }),
          options.responseTimeoutMs,
        );
        outstanding.add(entry);
        const written = s.submit_sm(fields, (pdu) => entry.settle({ kind: "answered", pdu }));
        if (!written) entry.settle({ kind: "not-sent", reason: "The connection was not writable" });
      });
    },
    enquire: async () => {
      const s = session;
      if (!s || !bound) return false;
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), options.responseTimeoutMs);
        const written = s.enquire_link({}, (pdu) => {
          clearTimeout(timer);
          resolve(pdu.command_status === STATUS.ESME_ROK);
        });
        if (!written) {
          clearTimeout(timer);
          resolve(false);
        }
      });
    },
    close: async () => {
      closed = true;
      clearTimeout(rebindTimer);
      if (enquireTimer) clearInterval(enquireTimer);
      wakeBindWaiters();
      const s = session;
      session = null;
      if (!s) return;
      // A polite unbind (answered within half a second, or not), then the socket goes.
      if (bound)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 500);
          s.unbind({}, () => {
            clearTimeout(timer);
            resolve();
          });
        });
      bound = false;
      s.destroy();
      for (const o of [...outstanding])
        o.settle({ kind: "lost", reason: "The channel was closed before the SMSC answered" });
    },
  };
}
