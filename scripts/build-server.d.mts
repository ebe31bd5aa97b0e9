/** Where `npm start` keeps the server bundle. */
export declare const SERVER_OUT: string;
/** Bundles server/main.ts into OUTDIR/main.mjs with its migrations beside it; resolves with the bundle's path. */
export declare function buildServer(outDir?: string): Promise<string>;
