import { useSyncExternalStore } from "react";
import type { Socket } from "socket.io-client";
import { MSG } from "../../contract";

/**
 * The tab's one socket as pages may use it: whether it is connected (the composer shows it) and emitting with an
 * acknowledgement (the chat composer's send). RealtimeProvider owns the socket and registers it here; pages never
 * open a second connection. SPEC 4: sending is allowed only while connected, else 'Socket is not connected.'.
 */
let socket: Socket | null = null;
let connected = false;
const listeners = new Set<() => void>();

function setConnected(next: boolean): void {
  if (next === connected) return;
  connected = next;
  for (const listener of listeners) listener();
}

/** Called by RealtimeProvider with its socket, and with null when it disconnects for good. */
export function registerRealtimeSocket(next: Socket | null): void {
  socket = next;
  setConnected(Boolean(next?.connected));
  next?.on("connect", () => setConnected(true));
  next?.on("disconnect", () => setConnected(false));
}

export function realtimeConnected(): boolean {
  return connected;
}

export function subscribeRealtimeConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Re-renders when the socket connects or drops. */
export function useRealtimeConnected(): boolean {
  return useSyncExternalStore(subscribeRealtimeConnection, realtimeConnected, () => false);
}

/** Emits and waits for the server's acknowledgement; refuses at once while not connected. */
export function emitWithAck<T>(event: string, payload: unknown, timeoutMs = 10_000): Promise<T> {
  if (!socket || !connected) return Promise.reject(new Error(MSG.socketNotConnected));
  return socket.timeout(timeoutMs).emitWithAck(event, payload) as Promise<T>;
}

/**
 * Fire-and-forget emit (typing, presence); while not connected it logs SPEC 4's 'Socket is not connected.' and sends
 * nothing.
 */
export function emitRealtime(event: string, payload: unknown): boolean {
  if (!socket || !connected) {
    console.warn(MSG.socketNotConnected);
    return false;
  }
  socket.emit(event, payload);
  return true;
}
