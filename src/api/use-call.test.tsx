import { Refine, type DataProvider } from "@refinedev/core";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import type { CallId } from "../../contract";
import { callRequest, useCall, useCallMutation, type CallInput } from "./use-call";

/** A data provider that records what reaches `custom` and answers with a fixed body. */
function recordingProvider(reply: Record<string, unknown>) {
  const custom = vi.fn(async (_request: unknown) => ({ data: reply }));
  const fail = () => Promise.reject(new Error("not used"));
  const provider: DataProvider = {
    getApiUrl: () => "",
    getList: fail,
    getOne: fail,
    create: fail,
    update: fail,
    deleteOne: fail,
    custom,
  } as DataProvider;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Refine dataProvider={provider} options={{ disableTelemetry: true }}>
      {children}
    </Refine>
  );
  return { custom, wrapper };
}

describe("callRequest", () => {
  const rows: [CallId, CallInput<CallId>, string, string][] = [
    ["carrierChannels.list", {}, "get", "/api/v1/channels/carrier-channels"],
    ["carrierChannels.test", { params: { id: "c1" } }, "post", "/api/v1/channels/carrier-channels/:id/test"],
    ["carrierChannels.remove", { params: { id: "c1" } }, "delete", "/api/v1/channels/carrier-channels/:id"],
  ];
  it.each(rows)("names %s by its path and method, with its id in meta", (id, input, method, url) => {
    const req = callRequest(id, input);
    expect(req).toMatchObject({ url, method, meta: { callId: id } });
    expect(req.meta.params).toEqual("params" in input ? input.params : undefined);
  });
});

describe("useCall", () => {
  it("runs the call through the data provider's custom with its id, params and query", async () => {
    const { custom, wrapper } = recordingProvider({ success: true, data: { channels: [] } });
    const { result } = renderHook(() => useCall("carrierChannels.list", { query: {} }), { wrapper });
    await waitFor(() => expect(result.current.query.isSuccess).toBe(true));
    expect(custom).toHaveBeenCalledTimes(1);
    expect(custom.mock.calls[0]?.[0]).toMatchObject({
      url: "/api/v1/channels/carrier-channels",
      method: "get",
      meta: { callId: "carrierChannels.list" },
    });
    expect(result.current.query.data?.data).toEqual({ success: true, data: { channels: [] } });
  });
});

describe("useCallMutation", () => {
  it("sends the body as payload and the path parameters in meta, resolving with the reply", async () => {
    const { custom, wrapper } = recordingProvider({ success: true, data: { ok: true, message: "fine" } });
    const { result } = renderHook(() => useCallMutation("carrierChannels.test"), { wrapper });
    let reply: unknown;
    await act(async () => {
      reply = await result.current.mutateAsync({ params: { id: "c1" } });
    });
    expect(custom.mock.calls[0]?.[0]).toMatchObject({
      url: "/api/v1/channels/carrier-channels/:id/test",
      method: "post",
      payload: {},
      meta: { callId: "carrierChannels.test", params: { id: "c1" } },
    });
    expect(reply).toEqual({ success: true, data: { ok: true, message: "fine" } });
  });
});
