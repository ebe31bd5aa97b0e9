import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * Server layers that import nothing above them. A relative import is matched by its whole climb to server/ (one `../`
 * per folder between the file and server/), so the rule holds at any depth and a folder of the same name further
 * down (services/x/jobs) is not mistaken for the layer. `layer` is a folder of server/ and also the file
 * server/<layer>.ts (config.ts beside config/).
 */
function importsPointDown(layer, above, message, depth = 6) {
  const names = `(${above.join("|")})(/|$)`;
  const rule = (climb) => ({
    "no-restricted-imports": ["error", { patterns: [{ regex: `^${climb}(\\.\\./server/)?${names}`, message }] }],
  });
  const file = { files: [`server/${layer}.ts`], rules: rule("\\./") };
  const folders = Array.from({ length: depth }, (_, d) => ({
    files: [`server/${layer}/${"*/".repeat(d)}*.ts`],
    rules: rule(`(\\.\\./){${d + 1}}`),
  }));
  return [file, ...folders];
}

export default tseslint.config(
  {
    ignores: [
      "dist",
      ".build",
      "node_modules",
      "data",
      "server/db/migrations",
      "test-results",
      "playwright-report",
      ".tmp",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  { files: ["**/*.{js,mjs}"], languageOptions: { globals: globals.node } },
  // Layer boundaries: the contract is shared by both ends, so it depends on neither; shell and pages get paths from
  // the contract (later resources/), not from the router's table; on the server every import points down (db/ and
  // config/ under services/, services/ under jobs/, routes/, auth/ and plugins/).
  {
    files: ["contract/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+(src|server)(/|$)",
              message: "contract/ is shared by both ends: it imports neither src/ nor server/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/shell/**/*.{ts,tsx}", "src/pages/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)routes/paths$",
              message: "Shell and pages do not import the route table: take paths from the contract.",
            },
          ],
        },
      ],
    },
  },
  {
    // Dates and numbers are shown in one format and one time zone (src/shell/format.ts), not the browser's.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/shell/format.ts", "src/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]",
          message: "Format dates and numbers with src/shell/format.ts (Indian English, India's time zone).",
        },
        {
          selector: "CallExpression[callee.property.name='format'][callee.object.callee.name='dayjs']",
          message: "Show dates with src/shell/format.ts, not dayjs' format.",
        },
      ],
    },
  },
  ...importsPointDown(
    "services",
    ["routes", "auth", "jobs", "plugins"],
    "Services do not import server/routes, auth, jobs or plugins: move what they need down (db/, config/) or take it as an argument.",
  ),
  ...importsPointDown(
    "db",
    ["services", "routes", "auth", "jobs", "plugins"],
    "server/db is below services: it imports no services, routes, auth, jobs or plugins.",
  ),
  ...importsPointDown(
    "config",
    ["services", "routes", "auth", "jobs", "plugins"],
    "The configuration is read below services: it imports no services, routes, auth, jobs or plugins.",
  ),
  {
    // The bundle's import scan (server/test/container.test.ts) loads every package the server names; a computed name
    // would escape it.
    files: ["server/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportExpression[source.type!='Literal']",
          message: "Import modules by a literal name: the bundle's import scan must see it.",
        },
      ],
    },
  },
  {
    // resources/ declares the console's entities for both the router and tests: contract only, never the app.
    files: ["resources/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/src/**", "**/server/**"], message: "resources/ may import contract/ only" }] },
      ],
    },
  },
);
