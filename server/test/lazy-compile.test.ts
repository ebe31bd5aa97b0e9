import Ajv from "ajv";
import Fastify from "fastify";
import { describe, expect, it, vi } from "vitest";
import { lazySerializers, lazyValidator } from "../http/lazy-compile";

describe("route schemas compiled on first use (start-up does not compile them)", () => {
  const schema = { type: "object", properties: { n: { type: "integer" } }, required: ["n"] };

  it.each([
    [{ n: 1 }, true, 0],
    [{ n: "x" }, false, 1],
    [{}, false, 1],
  ])("validates %j as ajv does (%s, %i errors), compiling once, on the first call", (data, valid, errors) => {
    const compile = vi.fn(() => new Ajv().compile(schema));
    const validate = lazyValidator(compile);
    expect(compile).not.toHaveBeenCalled();
    expect(validate.errors ?? null).toBeNull();
    expect(validate(data)).toBe(valid);
    expect(validate.errors?.length ?? 0).toBe(errors);
    validate(data);
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it("a route answers with the same validation errors and serialized replies as Fastify's own compilers", async () => {
    const build = (lazy: boolean) => {
      const app = Fastify(lazy ? { schemaController: { compilersFactory: { buildSerializer: lazySerializers } } } : {});
      const ajv = new Ajv({ allErrors: true });
      app.setValidatorCompiler(({ schema: s }) => (lazy ? lazyValidator(() => ajv.compile(s)) : ajv.compile(s)));
      const reply = { type: "object", properties: { n: { type: "integer" } } };
      app.post("/", { schema: { body: schema, response: { 200: reply } } }, async (req) => ({
        ...(req.body as object),
        secret: "dropped by the serializer",
      }));
      return app;
    };
    for (const payload of [{ n: 2 }, { n: "two" }, {}]) {
      const [eager, lazy] = await Promise.all(
        [false, true].map((l) => build(l).inject({ method: "POST", url: "/", payload })),
      );
      expect(lazy.statusCode).toBe(eager.statusCode);
      expect(lazy.body).toBe(eager.body);
    }
    expect((await build(true).inject({ method: "POST", url: "/", payload: { n: 2 } })).body).toBe('{"n":2}');
  });
});
