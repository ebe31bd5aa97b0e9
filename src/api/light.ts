// The API client without the Refine hooks: what the login route and the session code use. Importing the full barrel
// (./index.ts) pulls use-call.ts and with it @refinedev/core and react-query (~50 KB compressed) into every route,
// because rolldown keeps a package that does not declare itself side-effect free once any module imports it.
export { callApi, apiBaseUrl, http, setUnauthorizedHandler } from "./client";
export type { CallOptions, QueryValue } from "./client";
export { ApiError, toMessage, toApiError } from "./errors";
export type { FieldError } from "./errors";
