import type { CallDef } from "../calls/types";

/** A call as the console needs it: where it goes, who may make it, how it fails; no schemas. */
export type CallRoute = Pick<
  CallDef,
  "method" | "path" | "access" | "module" | "requiredIds" | "queryDefaults" | "failure" | "multipart" | "download"
>;
