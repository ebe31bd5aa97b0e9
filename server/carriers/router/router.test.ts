// The router hands the default carrier's events to the app's listeners and waits for them: the simulated phone (and
// any provider call that awaits its emit) is answered only once a listener has stored the message.
import { describe, expect, it } from "vitest";
import type { CarrierEvent } from "../carrier";
import { createSandboxCarrier } from "../sandbox";
import { testSandboxConfig } from "../sandbox/test-config";
import { createCarrierRouter } from ".";

const noChannels = {
  channelOf: async () => null,
  versionOf: async () => null,
  load: async () => null,
  health: () => ({ success: () => undefined, sent: () => undefined, failure: () => undefined }),
};

describe("the carrier router's events", () => {
  it("an inbound message is acknowledged only after the listener that stores it has finished", async () => {
    const router = createCarrierRouter({
      fallback: createSandboxCarrier(testSandboxConfig()),
      directory: noChannels,
      providers: [],
    });
    const stored: CarrierEvent[] = [];
    router.onEvent(async (event) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      stored.push(event);
    });
    const simulateInbound = router.simulateInbound;
    if (!simulateInbound) throw new Error("the sandbox simulates inbound messages");
    await simulateInbound({ channel: "sms", from: "+919000000001", to: "VMHELLO", text: "hello" });
    expect(stored).toEqual([expect.objectContaining({ type: "inbound", from: "+919000000001", text: "hello" })]);
    await router.close();
  });

  it("a listener that throws does not keep the others from the event, and the emit says it was not stored", async () => {
    const router = createCarrierRouter({
      fallback: createSandboxCarrier(testSandboxConfig()),
      directory: noChannels,
      providers: [],
    });
    const heard: string[] = [];
    router.onEvent(() => {
      throw new Error("broken listener");
    });
    router.onEvent((event) => void heard.push(event.type));
    await expect(
      router.simulateInbound?.({ channel: "sms", from: "+919000000002", to: "VMHELLO", text: "hi" }),
    ).rejects.toThrow("broken listener");
    expect(heard).toEqual(["inbound"]);
    await router.close();
  });

  it("publish hands a webhook's events over in order and settles once all are stored; it rejects when one was not", async () => {
    const router = createCarrierRouter({
      fallback: createSandboxCarrier(testSandboxConfig()),
      directory: noChannels,
      providers: [],
    });
    const stored: string[] = [];
    router.onEvent(async (event) => {
      if (event.type !== "inbound") return;
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (event.text === "bad") throw new Error("not stored");
      stored.push(event.text);
    });
    const inbound = (text: string): CarrierEvent => ({
      type: "inbound",
      channel: "sms",
      from: "+919000000003",
      to: "VMHELLO",
      text,
      at: new Date(),
    });
    await router.publish([inbound("one"), inbound("two")]);
    expect(stored).toEqual(["one", "two"]);
    await expect(router.publish([inbound("three"), inbound("bad")])).rejects.toThrow("not stored");
    expect(stored).toContain("three");
    await router.close();
  });
});

describe("the carrier router's routes", () => {
  it("sends that ask for one sender's route at once share one lookup; a failed lookup is asked again", async () => {
    let lookups = 0;
    let failNext = false;
    const slowDirectory = {
      ...noChannels,
      channelOf: async () => {
        lookups++;
        await new Promise((resolve) => setTimeout(resolve, 30));
        if (failNext) {
          failNext = false;
          throw new Error("database away");
        }
        return null;
      },
    };
    const router = createCarrierRouter({
      fallback: createSandboxCarrier(testSandboxConfig()),
      directory: slowDirectory,
      providers: [],
      routeTtlMs: 60_000,
    });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => router.servesByDefault("whatsapp", "phone-shared")),
    );
    expect(answers.every(Boolean)).toBe(true);
    expect(lookups).toBe(1);
    failNext = true;
    await expect(router.servesByDefault("sms", "HEADER")).rejects.toThrow("database away");
    expect(await router.servesByDefault("sms", "HEADER")).toBe(true);
    expect(lookups).toBe(3);
    await router.close();
  });
});
