/** Where `npm start` and the e2e servers run the server bundle from. */
export declare const SERVER_BUNDLE: string;
/** Builds the console into ./dist. */
export declare function buildWeb(): void;
/** Builds the console and the server bundle where their sources are newer than the build. */
export declare function buildStale(): Promise<void>;
