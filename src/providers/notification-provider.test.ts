import type { NotificationInstance } from "antd/es/notification/interface";
import { afterEach, describe, expect, it } from "vitest";
import { bindToaster } from "../components/toast";
import { notificationProvider } from "./notification-provider";

/** What reached antd's notification API, in order: the kind and the key each toast was shown under. */
function recordingToaster() {
  const calls: [string, string | undefined][] = [];
  const record =
    (kind: string) =>
    (args: { key?: string } | string | undefined): void => {
      calls.push([kind, typeof args === "object" ? args.key : args]);
    };
  const instance = {
    success: record("success"),
    error: record("error"),
    info: record("info"),
    warning: record("warning"),
    open: record("open"),
    destroy: record("destroy"),
  } as unknown as NotificationInstance;
  bindToaster(instance);
  return calls;
}

afterEach(() => bindToaster(null));

describe("notificationProvider", () => {
  it("shows a keyed toast under that key, so a form's success replaces its refusal still on screen", () => {
    const calls = recordingToaster();
    notificationProvider.open?.({ type: "error", message: "The provider refused the API key", key: "connect" });
    notificationProvider.open?.({ type: "success", message: "Connected", key: "connect" });
    expect(calls).toEqual([
      ["error", "connect"],
      ["success", "connect"],
    ]);
  });

  it("gives unkeyed toasts keys of their own, so neither replaces the other", () => {
    const calls = recordingToaster();
    notificationProvider.open?.({ type: "error", message: "One" });
    notificationProvider.open?.({ type: "error", message: "Two" });
    expect(calls.map(([kind]) => kind)).toEqual(["error", "error"]);
    expect(calls[0]?.[1]).not.toBe(calls[1]?.[1]);
  });

  it("closes a progress toast's predecessor under its key and closes by key", () => {
    const calls = recordingToaster();
    notificationProvider.open?.({ type: "progress", message: "Sending", key: "send" });
    notificationProvider.close?.("send");
    expect(calls.map(([kind, key]) => [kind, kind === "open" ? typeof key : key])).toEqual([
      ["destroy", "send"],
      ["open", "string"],
      ["destroy", "send"],
    ]);
  });
});
