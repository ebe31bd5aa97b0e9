// The module itself is generated (build-validators.ts) and not committed; this declaration lets a bare `tsc` on a
// fresh clone type-check before anything has generated it. When the .ts exists, TypeScript reads that instead.
export declare const PRECOMPILED_VALIDATORS: Readonly<Record<string, unknown>>;
