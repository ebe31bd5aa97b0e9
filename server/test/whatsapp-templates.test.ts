import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RULE_CASES, VALID_DRAFT } from "../../contract/domain/whatsapp-template.cases";
import { MSG } from "../../contract/messages";
import type { Database } from "../db/client";
import { whatsappTemplates } from "../db/schema";
import { freshDatabase, type DemoName } from "./harness";
import {
  addWaba,
  PDF,
  PNG,
  templateCount,
  templateForm,
  templateServer,
  type TemplateServer,
} from "./whatsapp-template-server";

let database: Database;
let server: TemplateServer;
const MANAGER_WABA = "waba-manager-1";
const USER_WABA = "waba-user-1";

beforeAll(async () => {
  database = await freshDatabase();
  // A slow loop: these tests look at PENDING rows; the job has its own file.
  server = await templateServer(database, 60_000);
  await addWaba(database, await server.id("manager"), MANAGER_WABA);
  await addWaba(database, await server.id("user"), USER_WABA);
});
afterAll(async () => {
  await server?.app.close();
  await database?.close();
});

const draft = (overrides: Record<string, unknown> = {}) => ({ waba_id: MANAGER_WABA, ...VALID_DRAFT, ...overrides });
const create = (fields: Record<string, unknown>, as: DemoName = "manager", file?: Parameters<typeof templateForm>[1]) =>
  server.call({ method: "POST", url: "/api/waba/create-template", as, payload: templateForm(fields, file) });
const list = (query: Record<string, string | number> = {}, as: DemoName = "manager") =>
  server.call({
    method: "GET",
    url: "/api/waba/templates",
    as,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
const remove = (templateName: string, wabaId: string, as: DemoName = "manager") =>
  server.call({
    method: "DELETE",
    url: "/api/waba/templates",
    as,
    query: { templateName },
    payload: { waba_id: wabaId },
  });

/** The request must be refused with these field messages and leave the table as it was. */
async function expectRefused(
  res: Awaited<ReturnType<typeof create>>,
  status: number,
  errors?: { field: string; message: string }[],
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().success).toBe(false);
  if (errors) expect(res.json().errors).toEqual(errors);
}

describe("roles and modules", () => {
  it.each<DemoName>(["admin", "reseller", "depthead"])("%s may not list, create or delete", async (as) => {
    const before = await templateCount(database);
    for (const res of [
      await list({}, as),
      await create(draft({ name: "by_other_role" }), as),
      await remove("x", MANAGER_WABA, as),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, message: MSG.notAuthorized });
    }
    expect(await templateCount(database)).toBe(before);
  });

  it("a user without the template module is refused", async () => {
    expect((await list({}, "priya")).statusCode).toBe(403);
  });

  it("no token → 401", async () => {
    expect((await server.app.inject({ method: "GET", url: "/api/waba/templates" })).statusCode).toBe(401);
  });

  it.each<[DemoName, string]>([
    ["manager", MANAGER_WABA],
    ["user", USER_WABA],
  ])("%s creates, lists and deletes in its own WABA", async (as, waba) => {
    const created = await create(draft({ waba_id: waba, name: `own_${as}` }), as);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      success: true,
      message: "Template submitted for review",
      data: { name: `own_${as}`, status: "PENDING", category: "UTILITY", waba_id: waba },
    });
    expect((await list({ waba_id: waba }, as)).json().data.map((t: { name: string }) => t.name)).toContain(`own_${as}`);
    const deleted = await remove(`own_${as}`, waba, as);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: `Template own_${as} deleted` });
  });
});

describe("create", () => {
  it("records the template PENDING with the carrier's id and the submitted components", async () => {
    const res = await create(draft({ name: "welcome_note" }));
    expect(res.statusCode).toBe(201);
    const [row] = await database.db.select().from(whatsappTemplates).where(eq(whatsappTemplates.name, "welcome_note"));
    expect(row).toMatchObject({
      status: "PENDING",
      requestedCategory: "UTILITY",
      wabaId: MANAGER_WABA,
      userId: await server.id("manager"),
    });
    expect(row.providerTemplateId).toMatch(/^sbx\d+$/);
    expect(row.components).toEqual(VALID_DRAFT.components);
  });

  it.each(RULE_CASES)("refuses %s with the field message and writes nothing", async (_case, bad, field, message) => {
    const before = await templateCount(database);
    await expectRefused(await create({ waba_id: MANAGER_WABA, ...bad }), 400, [{ field, message }]);
    expect(await templateCount(database)).toBe(before);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["components that are not JSON", { ...draft({ name: "bad_json" }), components: "[{" }, "components"],
    ["an unknown field", { ...draft({ name: "extra_field" }), colour: "red" }, "colour"],
    ["a missing name", (({ name: _n, ...rest }) => rest)(draft()), "name"],
    [
      "an unknown component type",
      draft({ name: "odd_component", components: [{ type: "CAROUSEL" }] }),
      "components.0.type",
    ],
  ])("refuses %s (shape) and writes nothing", async (_case, fields, field) => {
    const before = await templateCount(database);
    const res = await create(fields);
    await expectRefused(res, 400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await templateCount(database)).toBe(before);
  });

  it("refuses a second template of the same name and language (409)", async () => {
    expect((await create(draft({ name: "twice" }))).statusCode).toBe(201);
    await expectRefused(await create(draft({ name: "twice" })), 409);
    expect((await create(draft({ name: "twice", language: "hi" }))).statusCode).toBe(201);
  });

  const imageHeader = (name: string, format = "IMAGE") =>
    draft({
      name,
      components: [
        { type: "HEADER", format },
        { type: "BODY", text: "Our new store opens on {{1}} near you.", example: { body_text: [["Monday"]] } },
      ],
    });

  it("stores a header image, uploads it to the carrier and submits its handle", async () => {
    const uploadsBefore = server.carrier.uploads.length;
    const res = await create(imageHeader("store_opening"), "manager", { bytes: PNG, name: "shop.txt" });
    expect(res.statusCode, res.body).toBe(201);
    expect(server.carrier.uploads.slice(uploadsBefore)).toEqual([`${MANAGER_WABA}:image/png`]);
    const header = res.json().data.components[0];
    expect(header).toEqual({
      type: "HEADER",
      format: "IMAGE",
      example: { header_handle: [expect.stringMatching(/^4::aW1hZ2UvcG5n:/)] },
    });
    const [row] = await database.db.select().from(whatsappTemplates).where(eq(whatsappTemplates.name, "store_opening"));
    expect(row.headerMediaKey).toMatch(/^templates\//);
    expect(await server.storage.get(row.headerMediaKey ?? "")).not.toBeNull();
  });

  it.each<[string, Record<string, unknown>, Parameters<typeof templateForm>[1], string]>([
    ["an image header without a file", imageHeader("no_file"), undefined, "Upload the header image"],
    [
      "a PDF as a header image",
      imageHeader("pdf_as_image"),
      { bytes: PDF, name: "x.png", type: "image/png" },
      "WhatsApp accepts image/jpeg, image/png here; this file is application/pdf",
    ],
    [
      "a PNG as a header video",
      imageHeader("png_as_video", "VIDEO"),
      { bytes: PNG, name: "x.mp4" },
      "WhatsApp accepts video/mp4, video/3gpp here; this file is image/png",
    ],
    [
      "a file with a text header",
      draft({ name: "file_with_text" }),
      { bytes: PNG, name: "x.png" },
      "is only accepted with an image, video or document header",
    ],
  ])("refuses %s and writes nothing", async (_case, fields, file, message) => {
    const before = await templateCount(database);
    await expectRefused(await create(fields, "manager", file), 400, [{ field: "file", message }]);
    expect(await templateCount(database)).toBe(before);
  });
});

describe("tenancy", () => {
  it("another account's WABA is not found, for create, list and delete", async () => {
    const before = await templateCount(database);
    await expectRefused(await create(draft({ name: "sneaky", waba_id: USER_WABA })), 404);
    await expectRefused(await list({ waba_id: USER_WABA }), 404);
    await expectRefused(await remove("anything", USER_WABA), 404);
    await expectRefused(await create(draft({ name: "sneaky", waba_id: "no-such-waba" })), 404);
    expect(await templateCount(database)).toBe(before);
  });

  it("another account's template is not listed and cannot be deleted through one's own WABA", async () => {
    expect((await create(draft({ waba_id: USER_WABA, name: "users_own" }), "user")).statusCode).toBe(201);
    const names = (await list({ limit: 100 })).json().data.map((t: { name: string }) => t.name);
    expect(names).not.toContain("users_own");
    await expectRefused(await remove("users_own", MANAGER_WABA), 404);
    expect((await list({ limit: 100 }, "user")).json().data.map((t: { name: string }) => t.name)).toContain(
      "users_own",
    );
  });
});

describe("list", () => {
  const WABA = "waba-paging";
  beforeAll(async () => {
    await addWaba(database, await server.id("globex"), WABA);
    for (const name of ["p_one", "p_two", "p_three", "p_four", "p_five"]) {
      expect((await create(draft({ waba_id: WABA, name }), "globex")).statusCode).toBe(201);
    }
    await database.db
      .update(whatsappTemplates)
      .set({ status: "REJECTED", reason: "INVALID_FORMAT: test" })
      .where(eq(whatsappTemplates.name, "p_two"));
  });
  const names = (res: Awaited<ReturnType<typeof list>>) => res.json().data.map((t: { name: string }) => t.name);

  it("pages newest first with opaque cursors, forwards and back", async () => {
    const first = await list({ limit: 2 }, "globex");
    expect(first.statusCode, first.body).toBe(200);
    expect(names(first)).toEqual(["p_five", "p_four"]);
    expect(first.json().paging).toMatchObject({ hasBefore: false, hasAfter: true });
    const second = await list({ limit: 2, after: first.json().paging.cursors.after }, "globex");
    expect(names(second)).toEqual(["p_three", "p_two"]);
    const third = await list({ limit: 2, after: second.json().paging.cursors.after }, "globex");
    expect(names(third)).toEqual(["p_one"]);
    expect(third.json().paging).toMatchObject({ hasBefore: true, hasAfter: false });
    const back = await list({ limit: 2, before: third.json().paging.cursors.before }, "globex");
    expect(names(back)).toEqual(["p_three", "p_two"]);
    const start = await list({ limit: 2, before: back.json().paging.cursors.before }, "globex");
    expect(names(start)).toEqual(["p_five", "p_four"]);
    expect(start.json().paging.hasBefore).toBe(false);
  });

  it("filters by status and WABA, and answers only the asked-for fields", async () => {
    expect(names(await list({ status: "REJECTED" }, "globex"))).toEqual(["p_two"]);
    expect(names(await list({ status: "approved,pending", limit: 10, waba_id: WABA }, "globex"))).toEqual([
      "p_five",
      "p_four",
      "p_three",
      "p_one",
    ]);
    const slim = await list({ fields: "status,rejected_reason", status: "REJECTED" }, "globex");
    expect(slim.json().data).toEqual([
      { id: expect.any(String), name: "p_two", status: "REJECTED", rejected_reason: "INVALID_FORMAT: test" },
    ]);
  });

  it.each<[string, Record<string, string>, string]>([
    ["an unknown status", { status: "LIVE" }, "status"],
    ["an unknown field", { fields: "secret" }, "fields"],
    ["a forged cursor", { after: "bm90LWEtY3Vyc29y" }, "after"],
    ["both cursors", { after: "x", before: "y" }, "before"],
  ])("refuses %s", async (_case, query, field) => {
    const res = await list(query, "globex");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe(field);
  });
});

describe("delete", () => {
  it("removes every language of the name and its header file; a second delete is 404", async () => {
    await create(draft({ name: "bye", language: "en_US" }));
    await create(draft({ name: "bye", language: "hi" }));
    const res = await remove("bye", MANAGER_WABA);
    expect(res.statusCode).toBe(200);
    expect(await database.db.select().from(whatsappTemplates).where(eq(whatsappTemplates.name, "bye"))).toEqual([]);
    await expectRefused(await remove("bye", MANAGER_WABA), 404);
  });

  it("removes the stored header media", async () => {
    const [row] = await database.db.select().from(whatsappTemplates).where(eq(whatsappTemplates.name, "store_opening"));
    expect((await remove("store_opening", MANAGER_WABA)).statusCode).toBe(200);
    expect(await server.storage.get(row.headerMediaKey ?? "")).toBeNull();
  });

  it("refuses a body without waba_id and deletes nothing", async () => {
    const before = await templateCount(database);
    const res = await server.call({
      method: "DELETE",
      url: "/api/waba/templates",
      as: "manager",
      query: { templateName: "welcome_note" },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(await templateCount(database)).toBe(before);
  });
});
