// A channel's health as its adapter reports it: the last success, the last error and the messages accepted in the
// last minute, written to carrier_channels at most every `flushMs` (a campaign at 80 messages/s must not cost 80
// writes a second), except a disconnection, which is written at once so every process stops sending through it.
import type { FastifyBaseLogger } from "fastify";
import { and, eq, sql } from "drizzle-orm";
import type { ChannelHealth } from "../../carriers/router/channel-adapter";
import type { Db } from "../../db/client";
import { carrierChannels } from "../../db/schema";

interface State {
  lastSuccessAt?: Date;
  failure?: { code: string; message: string; at: Date; disconnect: boolean };
  /** Accepted messages per whole second, for the last minute. */
  seconds: Map<number, number>;
  dirty: boolean;
}

export interface HealthRecorder {
  of(channelId: string): ChannelHealth;
  /** Writes what changed now (tests call it; the timer does every flushMs). */
  flush(): Promise<void>;
  stop(): Promise<void>;
  /** Called after a disconnection was written: the router must rebuild that channel's adapter. */
  onDisconnected(listener: (channelId: string) => void): void;
}

const WINDOW_S = 60;

function sentLastMinute(state: State, nowS: number): number {
  let total = 0;
  for (const [second, count] of state.seconds) {
    if (second <= nowS - WINDOW_S) state.seconds.delete(second);
    else total += count;
  }
  return total;
}

export function createHealthRecorder(db: Db, log: FastifyBaseLogger, flushMs = 2000): HealthRecorder {
  const states = new Map<string, State>();
  const disconnectedListeners = new Set<(channelId: string) => void>();
  let running: Promise<void> | undefined;

  const stateOf = (id: string) => {
    let state = states.get(id);
    if (!state) {
      state = { seconds: new Map(), dirty: false };
      states.set(id, state);
    }
    return state;
  };

  async function write(id: string, state: State): Promise<void> {
    state.dirty = false;
    const now = new Date();
    const failure = state.failure;
    state.failure = undefined;
    await db
      .update(carrierChannels)
      .set({
        ...(state.lastSuccessAt
          ? {
              lastSuccessAt: sql`greatest(${carrierChannels.lastSuccessAt}, ${state.lastSuccessAt.toISOString()}::timestamptz)`,
            }
          : {}),
        ...(failure ? { lastErrorAt: failure.at, lastErrorCode: failure.code, lastError: failure.message } : {}),
        sentLastMinute: sentLastMinute(state, Math.floor(now.getTime() / 1000)),
        measuredAt: now,
      })
      .where(eq(carrierChannels.id, id));
    if (failure?.disconnect) {
      // Only a connected channel turns disconnected (and gets a new version): the first report wins, later ones are
      // noise.
      const changed = await db
        .update(carrierChannels)
        .set({
          status: "disconnected",
          statusReason: failure.message,
          version: sql`${carrierChannels.version} + 1`,
          updatedAt: now,
        })
        .where(and(eq(carrierChannels.id, id), eq(carrierChannels.status, "connected")))
        .returning({ id: carrierChannels.id });
      if (changed.length > 0) {
        log.warn({ channelId: id, code: failure.code }, `carrier channel disconnected: ${failure.message}`);
        disconnectedListeners.forEach((listener) => listener(id));
      }
    }
  }

  function flush(): Promise<void> {
    running ??= (async () => {
      for (const [id, state] of states) {
        if (!state.dirty) continue;
        await write(id, state).catch((err: unknown) => log.error({ err, channelId: id }, "channel health not written"));
      }
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    of: (id) => ({
      success: () => {
        const state = stateOf(id);
        state.lastSuccessAt = new Date();
        state.dirty = true;
      },
      sent: () => {
        const state = stateOf(id);
        const second = Math.floor(Date.now() / 1000);
        state.seconds.set(second, (state.seconds.get(second) ?? 0) + 1);
        state.lastSuccessAt = new Date();
        state.dirty = true;
      },
      failure: ({ code, message, disconnect }) => {
        const state = stateOf(id);
        state.failure = {
          code,
          message,
          at: new Date(),
          disconnect: Boolean(disconnect) || Boolean(state.failure?.disconnect),
        };
        state.dirty = true;
        if (disconnect) void flush();
      },
    }),
    flush,
    onDisconnected: (listener) => disconnectedListeners.add(listener),
    stop: async () => {
      clearInterval(timer);
      await running;
      await flush();
    },
  };
}
