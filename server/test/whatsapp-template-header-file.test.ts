// A template's stored header file, read back for the console's previews: the owner and the manager above it get the
// bytes with their sniffed type; any other account, a template with no file of ours and a made-up id answer 404 alike.
// Templates are a workspace module (SPEC 6: user and manager), so an admin or a reseller is refused by role.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VALID_DRAFT } from "../../contract/domain/whatsapp-template.cases";
import type { Database } from "../db/client";
import { whatsappTemplates } from "../db/schema";
import { freshDatabase, type DemoName } from "./harness";
import { addWaba, PDF, PNG, templateForm, templateServer, type TemplateServer } from "./whatsapp-template-server";

let database: Database;
let server: TemplateServer;
const MANAGER_WABA = "waba-hdr-manager";
const USER_WABA = "waba-hdr-user";
const ids: Record<"managerImage" | "userImage" | "userPdf" | "textHeader", string> = {
  managerImage: "",
  userImage: "",
  userPdf: "",
  textHeader: "",
};

const mediaDraft = (wabaId: string, name: string, format: string) => ({
  ...VALID_DRAFT,
  waba_id: wabaId,
  name,
  components: [
    { type: "HEADER", format },
    { type: "BODY", text: "Your order is ready." },
  ],
});

async function create(
  as: DemoName,
  fields: Record<string, unknown>,
  file?: { bytes: Buffer; name: string },
): Promise<string> {
  const res = await server.call({
    method: "POST",
    url: "/api/waba/create-template",
    as,
    payload: templateForm(fields, file),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

const read = (id: string, as?: DemoName) =>
  server.call({
    method: "GET",
    url: `/api/waba/templates/${encodeURIComponent(id)}/header-media`,
    ...(as ? { as } : {}),
  });

beforeAll(async () => {
  database = await freshDatabase();
  server = await templateServer(database, 60_000);
  await addWaba(database, await server.id("manager"), MANAGER_WABA);
  await addWaba(database, await server.id("user"), USER_WABA);
  ids.managerImage = await create("manager", mediaDraft(MANAGER_WABA, "hdr_manager_image", "IMAGE"), {
    bytes: PNG,
    name: "photo.png",
  });
  ids.userImage = await create("user", mediaDraft(USER_WABA, "hdr_user_image", "IMAGE"), {
    bytes: PNG,
    name: "photo.png",
  });
  ids.userPdf = await create("user", mediaDraft(USER_WABA, "hdr_user_pdf", "DOCUMENT"), {
    bytes: PDF,
    name: "menu.pdf",
  });
  ids.textHeader = await create("manager", { ...VALID_DRAFT, waba_id: MANAGER_WABA, name: "hdr_text" });
});
afterAll(async () => {
  await server?.app.close();
  await database?.close();
});

describe("who may read a template's header file", () => {
  it.each<[DemoName, keyof typeof ids]>([
    ["user", "userImage"], // the owner
    ["manager", "userImage"], // the manager that created the user
    ["manager", "managerImage"], // the owner
  ])("%s reads %s: the stored bytes, typed from them, inline", async (as, which) => {
    const res = await read(ids[which], as);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-disposition"]).toBe("inline");
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it.each<[DemoName, keyof typeof ids]>([
    ["globex", "managerImage"], // another tenant under the same reseller
    ["globex", "userImage"],
    ["user", "managerImage"], // the account below does not read the one above
  ])("%s gets 404 for %s, as for a missing template", async (as, which) => {
    const res = await read(ids[which], as);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: "Template header media not found" });
  });

  it("an admin, a reseller and a department head are refused by role, and no token is 401", async () => {
    for (const as of ["admin", "reseller", "depthead"] as const)
      expect((await read(ids.managerImage, as)).statusCode, as).toBe(403);
    expect((await read(ids.userImage)).statusCode).toBe(401);
  });
});

describe("what is served", () => {
  it("a document downloads as an attachment with its sniffed type", async () => {
    const res = await read(ids.userPdf, "user");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="hdr_user_pdf.pdf"; filename*=UTF-8''hdr_user_pdf.pdf`,
    );
    expect(res.rawPayload.equals(PDF)).toBe(true);
  });

  it("a text header, an unknown id and a path-like id answer 404", async () => {
    for (const id of [
      ids.textHeader,
      "00000000-0000-4000-8000-000000000000",
      "..%2F..%2Fetc%2Fpasswd",
      "../../etc/passwd",
    ]) {
      expect((await read(id, "manager")).statusCode, id).toBe(404);
    }
  });

  it("a file gone from the store answers 404", async () => {
    const [row] = await database.db.select().from(whatsappTemplates).where(eq(whatsappTemplates.id, ids.managerImage));
    await server.storage.delete(row.headerMediaKey as string);
    expect((await read(ids.managerImage, "manager")).statusCode).toBe(404);
  });

  it("the list says which templates have a file to show", async () => {
    const res = await server.call({
      method: "GET",
      url: "/api/waba/templates",
      as: "user",
      query: { waba_id: USER_WABA },
    });
    const rows = res.json().data as { name: string; has_header_media: boolean }[];
    expect(Object.fromEntries(rows.map((r) => [r.name, r.has_header_media]))).toEqual({
      hdr_user_image: true,
      hdr_user_pdf: true,
    });
  });
});
