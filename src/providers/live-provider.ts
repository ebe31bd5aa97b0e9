import type { LiveProvider } from "@refinedev/core";

/**
 * Refine's live provider, the seam for real-time updates: the chat work connects it to the socket.io client
 * (VITE_REALTIME_URL) and publishes conversation and campaign events here. Until then nothing subscribes
 * (Refine's liveMode is "off"), and a subscription is a handle that does nothing.
 */
export const liveProvider: LiveProvider = {
  subscribe: ({ channel }) => ({ channel }),
  unsubscribe: () => undefined,
};
