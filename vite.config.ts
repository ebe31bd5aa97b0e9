import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { precompiledValidators } from "./scripts/validators-plugin.mjs";

/** The gateway the dev server proxies to (`npm run dev:server` listens on 8080 by default). */
const API_TARGET = process.env.VITE_DEV_API_TARGET ?? "http://127.0.0.1:8080";

/** Packages with no import-time side effects that are reached only through unused re-exports. */
const PURE_PACKAGES =
  /node_modules[\\/](react-markdown|remark-[^\\/]+|micromark[^\\/]*|mdast-[^\\/]+|unified|unist-[^\\/]+|vfile[^\\/]*|hast-[^\\/]+|hastscript|property-information|space-separated-tokens|comma-separated-tokens|markdown-table|devlop|decode-named-character-reference|character-entities[^\\/]*|inline-style-parser|style-to-[^\\/]+|trough|bail|zwitch|ccount|longest-streak|trim-lines|html-url-attributes|estree-util-is-identifier-name|papaparse|error-stack-parser|stackframe|rc-field-form|@rc-component[\\/]async-validator)[\\/]/;

/** The contract's call table and schemas: plain data, no import-time side effects. */
const CONTRACT_CALLS = /[\\/]contract[\\/]calls[\\/]/;

/**
 * What a first visit downloads (e2e/weight.spec.ts holds it): the login route and the first signed-in view in few
 * requests and few bytes. Lazy boundaries keep code off routes that do not need it: everything behind login (Refine,
 * react-query, antd's App, the shell, every screen) is React.lazy, RJSF/ajv are reached only from form screens, and
 * the public pages avoid antd parts that drag in heavy dependencies (Card → rc-tabs/rc-menu, the Input barrel →
 * TextArea). Chunking then keeps the file count down: react-dom in a chunk of its own (it changes least, so it stays
 * cached across releases), the entry's whole static closure in one `initial` chunk, and the common chunks rolldown
 * would cut between lazy screens inlined into them below 40 KB (a little code is repeated across screens; a first
 * view went from ~150 requests to under 30). A group by package (all of antd, say) was tried: the login page then
 * loads every antd component any screen uses.
 */
export default defineConfig({
  // Brotli and gzip copies of every text file beside it: the server sends them as they are (preCompressed in
  // server/web.ts), so the first load is compressed at the best level without compressing per request.
  plugins: [react(), precompiledValidators(), compression({ algorithms: ["brotliCompress", "gzip"], threshold: 1024 })],
  server: {
    proxy: {
      "/api": { target: API_TARGET, changeOrigin: true },
      "/socket.io": { target: API_TARGET, changeOrigin: true, ws: true },
      "/healthz": { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: "dist",
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 40 },
            { name: "initial", tags: ["$initial"], priority: 30 },
          ],
          experimentalInlineCommonChunks: { maxSize: 40_000 },
        },
      },
      treeshake: {
        // @refinedev/antd's single-file bundle imports its MarkdownField's stack (react-markdown, micromark, …)
        // at top level, and @refinedev/core imports papaparse (CSV import/export) and error-stack-parser; those
        // packages do not declare themselves side-effect free, so a screen that only uses `useTable` would ship
        // ~90 KB gzipped it never runs. They are pure modules: let unused ones go.
        // The contract's call table (TypeBox schemas built at module load) is pure too: the console reads calls
        // through contract/routes, so the schemas are dropped from every route unless a screen uses them.
        moduleSideEffects: [
          { test: PURE_PACKAGES, sideEffects: false },
          { test: CONTRACT_CALLS, sideEffects: false },
        ],
      },
    },
    // No <link rel="modulepreload"> from Vite's preload helper: Chromium fetched a chunk twice when a preload and the
    // import of the same file overlapped (a first view counted 20 duplicates). The entry starts the first view's
    // imports itself (src/routes/preload-first-view.ts), and with few chunks there is little left to discover late.
    modulePreload: false,
    sourcemap: false,
    // The largest lazy chunk (form engine: RJSF + ajv) is ~530 KB raw; it loads only on form screens.
    chunkSizeWarningLimit: 600,
  },
});
