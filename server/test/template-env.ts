/** Where global-setup.ts tells the test files which migrated database to copy (read by harness.ts). */
export const PGLITE_TEMPLATE_ENV = "TEST_PGLITE_TEMPLATE";
export const PG_TEMPLATE_ENV = "TEST_PG_TEMPLATE";
