import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CALL_IDS, CALLS } from "../calls";
import { buildCallRoutesModule, routeOf } from "./build-call-routes";
import { CALL_ROUTES } from "./call-routes";
import { callRoute, ROUTE_IDS } from ".";

describe("call routes (the console's schema-free call table)", () => {
  it("is generated from the current call table (run `npm run call-routes` when this fails)", () => {
    const onDisk = readFileSync(fileURLToPath(new URL("./call-routes.ts", import.meta.url)), "utf8");
    expect(onDisk).toBe(buildCallRoutesModule());
  });

  it("holds every call with its method, path, access, module and failure message, and no schemas", () => {
    expect(ROUTE_IDS).toEqual(CALL_IDS);
    for (const id of CALL_IDS) {
      expect(callRoute(id)).toEqual(routeOf(CALLS[id]));
      expect(CALL_ROUTES[id]).not.toHaveProperty("response");
    }
    expect(callRoute("auth.login")).toEqual({
      method: "POST",
      path: "/api/v1/auth/login",
      access: "public",
      failure: "Login failed",
    });
  });
});
