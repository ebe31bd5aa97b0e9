/** The API's own paths: JSON answers, never the console's files or its HTML shell. */
export const isApiPath = (path: string): boolean =>
  path === "/api" || path.startsWith("/api/") || path.startsWith("/socket.io");

/** The path of a request URL, without its query string. */
export const pathOf = (url: string): string => url.split("?")[0];
