import { Refine } from "@refinedev/core";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { HttpRequest } from "../../../api/http";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { http } from "../../../api/client";
import { dataProvider } from "../../../providers/data-provider";
import { ThemeProvider } from "../../../providers/theme";
import { sessionStore } from "../../../state/session";
import { TemplateHeaderField } from "./template-header-field";
import type { WaTemplateChoice } from "./use-wa-templates";

const TEMPLATES: WaTemplateChoice[] = [
  { id: "t1", name: "parcel_photo", wabaId: "waba-1", format: "IMAGE", ownFile: true },
  { id: "t2", name: "synced_photo", wabaId: "waba-1", format: "IMAGE", ownFile: false },
  { id: "t3", name: "plain_text", wabaId: "waba-1", format: undefined, ownFile: false },
];
// A 1x1 PNG: the picker checks the type and size before it uploads.
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

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
  // waba.media.upload's answer (the server side is tested in server/test/waba-media*.test.ts).
  http.defaults.adapter = async (config) => {
    seen.push(config);
    return {
      status: 201,
      data: { success: true, data: { handle: "h", upload: { _id: "u-9" } } },
    };
  };
});
afterEach(() => {
  http.defaults.adapter = undefined;
  sessionStore.logout();
});

function renderField(settings: Record<string, unknown>, onChange = vi.fn()) {
  render(
    <ThemeProvider>
      <Refine dataProvider={dataProvider} resources={[{ name: "campaigns" }]} options={{ disableTelemetry: true }}>
        <TemplateHeaderField settings={settings} templates={TEMPLATES} onChange={onChange} />
      </Refine>
    </ThemeProvider>,
  );
  return onChange;
}

describe("the Send template step's header media", { timeout: 30_000 }, () => {
  it("shows nothing for a template without a media header, or a name that is no template", () => {
    renderField({ templateName: "plain_text" });
    renderField({ templateName: "not_a_template" });
    expect(screen.queryByText(/Header image/)).toBeNull();
  });

  it("uploads a chosen image to the template's WABA and keeps its id and name in the step's settings", async () => {
    const onChange = renderField({ templateName: " parcel_photo ", params: ["{{trigger.body.name}}"] });
    expect(
      screen.getByText(/Every message is sent with the template's own header image. You can replace it for this step./),
    ).toBeTruthy();
    const input = document.querySelector("input[type=file]") as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([PNG], "parcel.png", { type: "image/png" })] } });
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(seen[0].url).toMatch(/\/api\/waba\/media\/upload-whatsapp-media$/);
    expect((seen[0].data as FormData).get("waba_id")).toBe("waba-1");
    expect(onChange).toHaveBeenCalledWith({
      templateName: " parcel_photo ",
      params: ["{{trigger.body.name}}"],
      headerMediaId: "u-9",
      headerMediaName: "parcel.png",
    });
  });

  it("a saved choice shows its file and goes back to the template's own image", () => {
    const onChange = renderField({ templateName: "parcel_photo", headerMediaId: "u-9", headerMediaName: "parcel.png" });
    expect(screen.getByText("parcel.png")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Use the template's image" }));
    expect(onChange).toHaveBeenCalledWith({ templateName: "parcel_photo" });
  });

  it("a template with no image of its own asks for one, and refuses a PDF without uploading", async () => {
    const onChange = renderField({ templateName: "synced_photo" });
    expect(
      screen.getByText("The template has no image of its own: choose the header image every message is sent with."),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: /Choose the image/ })).toBeTruthy();
    const input = document.querySelector("input[type=file]") as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(["%PDF-1.4"], "terms.pdf", { type: "application/pdf" })] } });
    expect(
      await screen.findByText("WhatsApp accepts image/jpeg, image/png here; this file is application/pdf"),
    ).toBeTruthy();
    expect(seen).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });
});
