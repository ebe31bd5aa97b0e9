import { describe, expect, expectTypeOf, it } from "vitest";
import type { CallBody } from "../contract/calls";
import { SCHEMAS } from ".";

// The type half is checked by `npm run typecheck` (tsc reads this file); the run-time half by vitest.
describe("request-body types derived from schemas/", () => {
  it("types required, optional, enum and array properties as the schemas say", () => {
    expectTypeOf<CallBody<"auth.login">>().toEqualTypeOf<{ email: string; password: string }>();
    expectTypeOf<CallBody<"balance.add">>().toEqualTypeOf<{ userId: string; amount: number; note?: string }>();
    expectTypeOf<CallBody<"users.update">>().toEqualTypeOf<{
      userId: string;
      email?: string;
      name?: string;
      companyName?: string;
      phone?: string;
      status?: "active" | "suspended";
    }>();
    expectTypeOf<CallBody<"users.grantPermission">>().toEqualTypeOf<{
      userId: string;
      moduleNames: ("campaign" | "template" | "chat" | "api" | "agent")[];
    }>();
    expectTypeOf<CallBody<"auth.register">["role"]>().toEqualTypeOf<
      "reseller" | "manager" | "user" | "department_head" | "department-head"
    >();
    // A call without a body schema leaves the body untyped, as Fastify does.
    expectTypeOf<CallBody<"balance.get">>().toEqualTypeOf<unknown>();
  });

  // The derived type knows only what the schema names: a required field missing from `properties` would vanish.
  it.each(Object.keys(SCHEMAS) as (keyof typeof SCHEMAS)[])("%s requires only properties it declares", (name) => {
    const schema: { required?: readonly string[]; properties: object } = SCHEMAS[name];
    expect((schema.required ?? []).filter((key) => !(key in schema.properties))).toEqual([]);
  });
});
