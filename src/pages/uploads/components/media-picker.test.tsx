import { Refine } from "@refinedev/core";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { HttpRequest } from "../../../api/http";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { UploadRecord } from "../../../../contract/calls/uploads";
import { http } from "../../../api/client";
import { dataProvider } from "../../../providers/data-provider";
import { ThemeProvider } from "../../../providers/theme";
import { sessionStore } from "../../../state/session";
import { MediaPicker } from "./media-picker";

const row = (over: Partial<UploadRecord>): UploadRecord => ({
  _id: "f1",
  channel: "whatsapp",
  name: "banner.png",
  mimeType: "image/png",
  kind: "image",
  size: 2048,
  sha256: "0".repeat(64),
  createdAt: "2026-11-23T10:00:00.000Z",
  url: "/api/upload/file/f1?exp=1&sig=s",
  ...over,
});

let seen: HttpRequest[] = [];
beforeEach(() => {
  seen = [];
  sessionStore.loginSucceeded({
    _id: "m",
    username: "manager",
    email: "m@example.com",
    type: "manager",
    token: "t",
    expiresAt: 2_000_000_000,
    isFirstLogin: false,
  });
  // The answer the server gives for GET /api/upload/list (the server side is tested in server/test/uploads.test.ts).
  http.defaults.adapter = async (config) => {
    seen.push(config);
    const data = {
      success: true,
      count: 2,
      page: 1,
      limit: 8,
      totalPages: 1,
      data: [row({}), row({ _id: "f2", name: "menu.pdf", mimeType: "application/pdf", kind: "document" })],
    };
    return { status: 200, data };
  };
});
afterEach(() => {
  http.defaults.adapter = undefined;
  sessionStore.logout();
});

function renderPicker(props: Partial<Parameters<typeof MediaPicker>[0]> = {}) {
  return render(
    <ThemeProvider>
      <Refine dataProvider={dataProvider} resources={[{ name: "uploads" }]} options={{ disableTelemetry: true }}>
        <MediaPicker channel="whatsapp" {...props} />
      </Refine>
    </ThemeProvider>,
  );
}

describe("MediaPicker", { timeout: 30_000 }, () => {
  it("lists the channel's media and chooses one of the wanted kind only", async () => {
    const onSelect = vi.fn();
    renderPicker({ kind: "image", onSelect, value: "f1" });
    const image = await screen.findByLabelText("banner.png");
    expect(seen[0].params).toMatchObject({ channel: "whatsapp", page: 1, limit: 8 });
    expect(image.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByText("Images JPG, PNG up to 5.0 MB")).toBeTruthy();
    fireEvent.click(screen.getByLabelText("menu.pdf"));
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.click(image);
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ _id: "f1" }));
  });

  it("asks before deleting, and deleting does not choose the card", async () => {
    const onSelect = vi.fn();
    renderPicker({ onSelect });
    fireEvent.click(await screen.findByRole("button", { name: "Delete banner.png" }));
    expect(await screen.findByText("Delete this file?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(seen.some((c) => c.method === "DELETE")).toBe(true));
    const del = seen.find((c) => c.method === "DELETE");
    expect(del?.url).toContain("/api/upload/f1");
    expect(JSON.parse(String(del?.data))).toEqual({ channel: "whatsapp" });
    expect(onSelect).not.toHaveBeenCalled();
  });
});
