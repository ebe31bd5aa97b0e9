import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { uploads, wabas } from "../db/schema";
import { TOO_LARGE_MESSAGE } from "../routes/uploads/multipart-form";
import { signedPath } from "../services/uploads/links";
import { exe, filesUnder, gif, multipart, pdf, png, tempDataDir, type FilePart } from "./media-fixtures";
import { startServer, type DemoName, type TestServer } from "./harness";

const MB = 1024 * 1024;
let server: TestServer;
let dataDir: string;
const SECRET = "test-secret"; // the harness's jwtSecret, which is also the server secret links are signed with

beforeAll(async () => {
  dataDir = await tempDataDir();
  server = await startServer({ dataDir });
  const db = server.database.db;
  await db.insert(wabas).values([
    { userId: await server.id("manager"), wabaId: "waba-manager", name: "Manager WABA" },
    { userId: await server.id("user"), wabaId: "waba-user", name: "User WABA" },
  ]);
});
afterAll(async () => server?.close());

async function upload(as: DemoName, fields: Record<string, string>, ...files: FilePart[]) {
  const { payload, headers } = await multipart(fields, ...files);
  return server.call({ method: "POST", url: "/api/upload/aws-upload", as, payload, headers });
}

const image = (bytes: Buffer = png(), name = "photo.png"): FilePart => ({
  field: "fileContent",
  bytes,
  name,
  type: "image/png",
});

/** Rows and stored files: what a refused request must leave as it found it. */
async function footprint() {
  const [{ rows }] = await server.database.db.select({ rows: count() }).from(uploads);
  return { rows, files: (await filesUnder(join(dataDir, "uploads"))).length };
}

describe("POST /api/upload/aws-upload", () => {
  it("stores the file under DATA_DIR with the type read from its bytes, and answers the row", async () => {
    const res = await upload("manager", { channel: "whatsapp" }, image(png(), "Holiday offer.png"));
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      channel: "whatsapp",
      name: "Holiday offer.png",
      mimeType: "image/png",
      kind: "image",
      size: png().length,
    });
    expect(data.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(data.url).toMatch(new RegExp(`^/api/upload/file/${data._id}\\?exp=\\d+&sig=`));
    const [row] = await server.database.db.select().from(uploads).where(eq(uploads.id, data._id));
    expect(row.storageKey).toBe(`${await server.id("manager")}/${data._id}`);
    expect(await readFile(join(dataDir, "uploads", row.storageKey))).toEqual(png());
  });

  it("takes a PDF and an MP4 for WhatsApp and a GIF for RCS", async () => {
    expect(
      (await upload("user", { channel: "whatsapp" }, { field: "fileContent", bytes: pdf(), name: "menu.pdf" })).json()
        .data.kind,
    ).toBe("document");
    expect(
      (await upload("user", { channel: "rcs" }, { field: "fileContent", bytes: gif(), name: "a.gif" })).json().data
        .mimeType,
    ).toBe("image/gif");
  });

  it.each([
    [
      "a GIF named .png with an image/png header (WhatsApp takes no GIF)",
      { channel: "whatsapp" },
      image(gif(), "fake.png"),
      "fileContent",
      "this file is image/gif",
    ],
    [
      "an executable named .png",
      { channel: "rcs" },
      image(exe(), "cat.png"),
      "fileContent",
      "this file is application/x-msdownload",
    ],
    [
      "text with no recognisable type",
      { channel: "whatsapp" },
      image(Buffer.from("just some text"), "notes.png"),
      "fileContent",
      "of an unknown type",
    ],
    ["an empty file", { channel: "whatsapp" }, image(Buffer.alloc(0), "empty.png"), "fileContent", "The file is empty"],
    [
      "a WhatsApp image over 5 MB",
      { channel: "whatsapp" },
      image(png(5 * MB + 1)),
      "fileContent",
      "A WhatsApp image may be at most 5 MB; this file is 5.0 MB",
    ],
    ["a channel without media", { channel: "sms" }, image(), "channel", "must be one of whatsapp, rcs"],
    ["no channel", {}, image(), "channel", "is required"],
    ["an unknown field", { channel: "rcs", caption: "x" }, image(), "caption", "is not allowed"],
  ])("refuses %s with a field message and writes nothing", async (_what, fields, file, field, message) => {
    const before = await footprint();
    const res = await upload("manager", fields, file);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      errors: [expect.objectContaining({ field, message: expect.stringContaining(message) })],
    });
    expect(await footprint()).toEqual(before);
  });

  it("refuses a form without the file, and a file under another name", async () => {
    const none = await upload("manager", { channel: "rcs" });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([{ field: "fileContent", message: "is required" }]);
    const other = await upload("manager", { channel: "rcs" }, { field: "file", bytes: png(), name: "a.png" });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors[0].field).toBe("file");
  });

  it("refuses a JSON body: the call is multipart", async () => {
    const res = await server.call({
      method: "POST",
      url: "/api/upload/aws-upload",
      as: "manager",
      payload: { channel: "rcs" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: "fileContent", message: "is required" }]);
  });

  it("answers 413 with a clear message for a file over the multipart limit, and writes nothing", async () => {
    const before = await footprint();
    const res = await upload("manager", { channel: "rcs" }, image(png(100 * MB + 1), "huge.png"));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: TOO_LARGE_MESSAGE });
    expect(TOO_LARGE_MESSAGE).toBe("The file is larger than 100 MB, the most any channel accepts");
    expect(await footprint()).toEqual(before);
  });
});

describe("roles (SPEC 6: media uploads are for user and manager)", () => {
  const calls = ["list", "create", "delete", "file", "waba-upload", "waba-session"] as const;
  it.each((["admin", "reseller", "depthead"] as const).flatMap((as) => calls.map((call) => [as, call] as const)))(
    "%s may not %s",
    async (as, call) => {
      const id = "00000000-0000-4000-8000-000000000000";
      const form = await multipart(
        { channel: "rcs", waba_id: "waba-manager", file_name: "a.png", file_type: "image/png" },
        { field: "file", bytes: png(), name: "a.png" },
      );
      const requests = {
        list: { method: "GET", url: "/api/upload/list?channel=rcs" },
        create: { method: "POST", url: "/api/upload/aws-upload", ...form },
        delete: { method: "DELETE", url: `/api/upload/${id}`, payload: { channel: "rcs" } },
        file: { method: "GET", url: `/api/upload/${id}` },
        "waba-upload": { method: "POST", url: "/api/waba/media/upload-whatsapp-media", ...form },
        "waba-session": { method: "POST", url: "/api/waba/media/upload-meta-session", ...form },
      } as const;
      const before = await footprint();
      const res = await server.call({ ...requests[call], as });
      expect(res.statusCode).toBe(403);
      expect(await footprint()).toEqual(before);
    },
  );

  it("answers 401 without a token", async () => {
    expect((await server.call({ method: "GET", url: "/api/upload/list" })).statusCode).toBe(401);
  });
});

describe("list, read and delete: the owner's files only", () => {
  let managerFile: { _id: string; url: string };
  beforeAll(async () => {
    managerFile = (await upload("manager", { channel: "rcs" }, image(png(), "tenant.png"))).json().data;
  });

  it("lists the caller's files of one channel, newest first, paginated", async () => {
    await upload("priya", { channel: "rcs" }, image());
    await upload("priya", { channel: "rcs" }, image(gif(), "second.gif"));
    await upload("priya", { channel: "whatsapp" }, image());
    const rcs = (await server.call({ method: "GET", url: "/api/upload/list?channel=rcs&limit=1", as: "priya" })).json();
    expect(rcs).toMatchObject({ success: true, count: 2, page: 1, limit: 1, totalPages: 2 });
    expect(rcs.data.map((r: { name: string }) => r.name)).toEqual(["second.gif"]);
    const all = (await server.call({ method: "GET", url: "/api/upload/list", as: "priya" })).json();
    expect(all.count).toBe(3);
    expect((await server.call({ method: "GET", url: "/api/upload/list?channel=sms", as: "priya" })).statusCode).toBe(
      400,
    );
  });

  it("never lists another account's files", async () => {
    const mine = (await server.call({ method: "GET", url: "/api/upload/list?limit=100", as: "user" })).json();
    expect(mine.data.map((r: { _id: string }) => r._id)).not.toContain(managerFile._id);
  });

  it("serves the owner its file with the sniffed type, nosniff and inline for media", async () => {
    const res = await server.call({ method: "GET", url: `/api/upload/${managerFile._id}`, as: "manager" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-disposition"]).toBe("inline");
    expect(res.rawPayload).toEqual(png());
  });

  it("sends documents as attachments under their original name, with an ASCII fallback", async () => {
    const doc = (
      await upload("manager", { channel: "whatsapp" }, { field: "fileContent", bytes: pdf(), name: "Menü 2026.pdf" })
    ).json().data;
    const res = await server.call({ method: "GET", url: `/api/upload/${doc._id}`, as: "manager" });
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="Men_ 2026.pdf"; filename*=UTF-8''Men%C3%BC%202026.pdf`,
    );
  });

  it("answers 404 for another account's file, on read and on delete, and deletes nothing", async () => {
    expect((await server.call({ method: "GET", url: `/api/upload/${managerFile._id}`, as: "user" })).statusCode).toBe(
      404,
    );
    const before = await footprint();
    const del = await server.call({
      method: "DELETE",
      url: `/api/upload/${managerFile._id}`,
      as: "user",
      payload: { channel: "rcs" },
    });
    expect(del.statusCode).toBe(404);
    expect(await footprint()).toEqual(before);
    expect((await server.call({ method: "GET", url: "/api/upload/not-a-uuid", as: "manager" })).statusCode).toBe(404);
  });

  it("refuses a delete without the channel, or with another channel than the file's", async () => {
    const before = await footprint();
    const none = await server.call({
      method: "DELETE",
      url: `/api/upload/${managerFile._id}`,
      as: "manager",
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([{ field: "channel", message: "is required" }]);
    const wrong = await server.call({
      method: "DELETE",
      url: `/api/upload/${managerFile._id}`,
      as: "manager",
      payload: { channel: "whatsapp" },
    });
    expect(wrong.statusCode).toBe(404);
    expect(await footprint()).toEqual(before);
  });

  it("deletes the row and the stored bytes; the file and its signed link are gone", async () => {
    const file = (await upload("manager", { channel: "rcs" }, image(png(), "bye.png"))).json().data;
    const before = await footprint();
    const res = await server.call({
      method: "DELETE",
      url: `/api/upload/${file._id}`,
      as: "manager",
      payload: { channel: "rcs" },
    });
    expect(res.json()).toEqual({ success: true, message: "File deleted" });
    expect(await footprint()).toEqual({ rows: before.rows - 1, files: before.files - 1 });
    expect((await server.call({ method: "GET", url: `/api/upload/${file._id}`, as: "manager" })).statusCode).toBe(404);
    expect((await server.call({ method: "GET", url: file.url })).statusCode).toBe(404);
  });
});

describe("signed links (for the carrier)", () => {
  let file: { _id: string; url: string };
  beforeAll(async () => {
    file = (await upload("user", { channel: "rcs" }, image(png(), "signed.png"))).json().data;
  });

  it("serves the file to anyone holding a valid link, without a token", async () => {
    const res = await server.call({ method: "GET", url: file.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.rawPayload).toEqual(png());
  });

  it("refuses an expired link with 403, even though its signature is right", async () => {
    const old = signedPath(SECRET, file._id, Math.floor(Date.now() / 1000) - 3 * 3600, 60);
    const res = await server.call({ method: "GET", url: old });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: "This link has expired" });
  });

  it.each([
    ["a changed signature", (u: URL) => u.searchParams.set("sig", `${u.searchParams.get("sig")?.slice(0, -2)}AA`)],
    ["a later expiry", (u: URL) => u.searchParams.set("exp", String(Number(u.searchParams.get("exp")) + 3600))],
    ["another file's id", (u: URL) => (u.pathname = "/api/upload/file/00000000-0000-4000-8000-000000000000")],
    [
      "a link signed with another secret",
      (u: URL) =>
        u.searchParams.set(
          "sig",
          new URL(signedPath("other-secret", file._id), "http://x").searchParams.get("sig") ?? "",
        ),
    ],
  ])("refuses %s with 403", async (_what, tamper) => {
    const url = new URL(file.url, "http://localhost");
    tamper(url);
    const res = await server.call({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: "This link is not valid" });
  });

  it("refuses a link without its signature (400)", async () => {
    expect((await server.call({ method: "GET", url: `/api/upload/file/${file._id}` })).statusCode).toBe(400);
  });
});

describe("WhatsApp media uploads", () => {
  const session = (fields: Record<string, string>, bytes = png()) =>
    multipart(
      { waba_id: "waba-manager", file_name: "header.png", file_type: "image/png", ...fields },
      { field: "file", bytes, name: "ignored.png" },
    );

  it("upload-whatsapp-media stores the file and answers the carrier's handle, the same for the same bytes", async () => {
    const form = await multipart({ waba_id: "waba-manager" }, { field: "file", bytes: png(), name: "promo.png" });
    const first = await server.call({
      method: "POST",
      url: "/api/waba/media/upload-whatsapp-media",
      as: "manager",
      ...form,
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.handle).toMatch(/^4::aW1hZ2UvcG5n:[A-Za-z0-9_-]{43}$/);
    expect(first.json().data.upload).toMatchObject({ channel: "whatsapp", name: "promo.png", mimeType: "image/png" });
    const again = await server.call({
      method: "POST",
      url: "/api/waba/media/upload-whatsapp-media",
      as: "manager",
      ...form,
    });
    expect(again.json().data.handle).toBe(first.json().data.handle);
  });

  it("upload-meta-session names the file by file_name and refuses a file_type the bytes contradict", async () => {
    const ok = await server.call({
      method: "POST",
      url: "/api/waba/media/upload-meta-session",
      as: "manager",
      ...(await session({})),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.upload.name).toBe("header.png");
    const before = await footprint();
    const lie = await server.call({
      method: "POST",
      url: "/api/waba/media/upload-meta-session",
      as: "manager",
      ...(await session({ file_type: "video/mp4" })),
    });
    expect(lie.statusCode).toBe(400);
    expect(lie.json().errors).toEqual([
      { field: "file_type", message: "is video/mp4 but the file's bytes are image/png" },
    ]);
    const missing = await server.call({
      method: "POST",
      url: "/api/waba/media/upload-meta-session",
      as: "manager",
      ...(await multipart({ waba_id: "waba-manager" }, { field: "file", bytes: png(), name: "a.png" })),
    });
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(["file_name", "file_type"]);
    expect(await footprint()).toEqual(before);
  });

  it("a user uploads to its own WABA the same way", async () => {
    const form = await multipart({ waba_id: "waba-user" }, { field: "file", bytes: pdf(), name: "terms.pdf" });
    const res = await server.call({
      method: "POST",
      url: "/api/waba/media/upload-whatsapp-media",
      as: "user",
      ...form,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.handle).toMatch(/^4::YXBwbGljYXRpb24vcGRm:/);
    expect(res.json().data.upload).toMatchObject({ kind: "document", name: "terms.pdf" });
  });

  it("answers 404 for another account's WABA and stores nothing", async () => {
    const before = await footprint();
    const res = await server.call({
      method: "POST",
      url: "/api/waba/media/upload-meta-session",
      as: "user",
      ...(await session({})),
    });
    expect(res.statusCode).toBe(404);
    expect(await footprint()).toEqual(before);
  });

  it("refuses what WhatsApp refuses (a GIF) with the rule, and stores nothing", async () => {
    const before = await footprint();
    const res = await server.call({
      method: "POST",
      url: "/api/waba/media/upload-meta-session",
      as: "manager",
      ...(await session({ file_type: "image/gif" }, gif())),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ field: "file", message: expect.stringContaining("this file is image/gif") });
    expect(await footprint()).toEqual(before);
  });
});

describe("failure messages (SPEC 8)", () => {
  it("are the contract's", () => {
    expect(MSG.uploadTemplateMedia).toBe("Failed to upload template media");
    expect(MSG.deleteMedia).toBe("Failed to delete media");
  });
});
