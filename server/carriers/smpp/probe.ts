// "Test connection" for SMPP credentials typed into the console, before anything is saved: a bind (as a transmitter,
// so the SMSC hands it none of the account's stored receipts) and an unbind. The answer is the SMSC's own: bound, the
// bind refused with its command_status (a wrong password or system id is the credentials' fault), no answer, or the
// address refused before any connection (private while the operator does not allow it: server/http/ssrf.ts).
import { ADDRESS_REFUSED } from "../provider-address";
import type { ConnectionCheck } from "../router/channel-adapter";
import { statusCode } from "./errors";
import { openLink, type LinkOptions } from "./link";
import type { SmppTimings } from "./index";

export type ProbeTarget = Pick<LinkOptions, "host" | "port" | "systemId" | "password" | "systemType">;

export async function probeSmpp(
  target: ProbeTarget,
  timings: SmppTimings,
  allowPrivate: boolean,
): Promise<ConnectionCheck> {
  const where = `${target.host}:${target.port}`;
  let fail: (check: ConnectionCheck) => void = () => undefined;
  const failed = new Promise<ConnectionCheck>((resolve) => {
    fail = resolve;
  });
  const link = openLink(
    // One attempt: a check that rebinds would hide the first answer.
    {
      ...target,
      ...timings,
      allowPrivate,
      mode: "transmitter",
      window: 1,
      rebindInitialMs: 3_600_000,
      rebindMaxMs: 3_600_000,
    },
    {
      bound: () => undefined,
      bindRefused: () => undefined,
      dropped: () => undefined,
      deliver: async () => undefined,
      // Said before `unreachable` (the first settles the check): the refusal is the reason, not the lack of an answer.
      addressRefused: (reason) => fail({ ok: false, code: ADDRESS_REFUSED, message: reason, auth: false }),
      unreachable: (reason) =>
        fail({
          ok: false,
          code: "network",
          message: `The SMSC at ${where} could not be reached: ${reason}`,
          auth: false,
        }),
    },
  );
  try {
    const answered = link.ready().then((ready): ConnectionCheck => {
      if (ready.ok) return { ok: true, name: `SMSC ${where} as ${target.systemId}`, phoneNumbers: [] };
      if (ready.status === null && ready.addressRefused)
        return { ok: false, code: ADDRESS_REFUSED, message: ready.reason, auth: false };
      if (ready.status === null)
        return {
          ok: false,
          code: "network",
          message: `The SMSC at ${where} did not bind within ${timings.bindTimeoutMs / 1000} s`,
          auth: false,
        };
      return {
        ok: false,
        code: statusCode(ready.status),
        message: ready.behaviour.reason,
        auth: ready.behaviour.disconnect,
      };
    });
    return await Promise.race([answered, failed]);
  } finally {
    await link.close();
  }
}
