// Intent classification without network, measured: each marketplace template's classifier (wink-nlp, trained from
// the template's own examples) on phrases held apart from training (server/test/ai-held-out.ts). Prints the accuracy
// and the confusion between intents; the target is at least 85 %.
import { describe, expect, it } from "vitest";
import { DEFAULT_CONFIDENCE_THRESHOLD } from "../../contract/domain/ai";
import { APPOINTMENT_BOOKING } from "../services/ai/marketplace/appointment-booking";
import { ORDER_STATUS } from "../services/ai/marketplace/order-status";
import type { MarketplaceTemplate } from "../services/ai/marketplace/types";
import { trainClassifier } from "../services/ai/nlp/classifier";
import { APPOINTMENT_HELD_OUT, ORDER_STATUS_HELD_OUT, OUT_OF_SCOPE } from "./ai-held-out";

async function evaluate(template: MarketplaceTemplate, heldOut: Record<string, string[]>) {
  const model = await trainClassifier(
    template.intents.map((i) => ({ id: i.name, name: i.name, examples: i.examples })),
  );
  const names = template.intents.map((i) => i.name);
  const confusion = new Map(names.map((n) => [n, new Map(names.map((m) => [m, 0]))]));
  let right = 0;
  let total = 0;
  for (const [intent, phrases] of Object.entries(heldOut)) {
    for (const phrase of phrases) {
      const guess = model.classify(phrase).ranked[0]?.intent ?? "none";
      const row = confusion.get(intent);
      row?.set(guess, (row.get(guess) ?? 0) + 1);
      total += 1;
      if (guess === intent) right += 1;
    }
  }
  const accuracy = right / total;
  const width = Math.max(...names.map((n) => n.length));
  const lines = [
    `${template.name}: ${right}/${total} held-out phrases right = ${(100 * accuracy).toFixed(1)} % across ${names.length} intents`,
    `confusion (rows: true intent, columns: predicted, in the order ${names.map((n, i) => `${i + 1}=${n}`).join(" ")})`,
    ...names.map(
      (n) => `${n.padEnd(width)} ${names.map((m) => String(confusion.get(n)?.get(m) ?? 0).padStart(3)).join("")}`,
    ),
  ];
  console.log(lines.join("\n"));
  return { accuracy, total, intents: names.length, model };
}

describe("intent classification on held-out phrases", () => {
  it("holds its phrases apart: none is a training example", () => {
    for (const [template, heldOut] of [
      [ORDER_STATUS, ORDER_STATUS_HELD_OUT],
      [APPOINTMENT_BOOKING, APPOINTMENT_HELD_OUT],
    ] as const) {
      const training = new Set(template.intents.flatMap((i) => i.examples.map((e) => e.toLowerCase())));
      const phrases = Object.values(heldOut).flat();
      expect(phrases.filter((p) => training.has(p.toLowerCase()))).toEqual([]);
      expect(Object.keys(heldOut).sort()).toEqual(template.intents.map((i) => i.name).sort());
    }
  });

  it.each([
    ["order status", ORDER_STATUS, ORDER_STATUS_HELD_OUT],
    ["appointment booking", APPOINTMENT_BOOKING, APPOINTMENT_HELD_OUT],
  ] as const)(
    "%s: at least 85 % right on 100+ phrases across 8+ intents, and off-topic messages fall below the threshold",
    async (_name, template, heldOut) => {
      const { accuracy, total, intents, model } = await evaluate(template, heldOut);
      expect(total).toBeGreaterThanOrEqual(100);
      expect(intents).toBeGreaterThanOrEqual(8);
      expect(accuracy).toBeGreaterThanOrEqual(0.85);
      // A message about something else should make the agent hand over rather than guess.
      const confident = OUT_OF_SCOPE.filter((text) => model.classify(text).confidence >= DEFAULT_CONFIDENCE_THRESHOLD);
      console.log(
        `off-topic messages at or above the threshold ${DEFAULT_CONFIDENCE_THRESHOLD}: ${confident.length}/${OUT_OF_SCOPE.length} ${confident.join("; ")}`,
      );
      expect(confident.length).toBeLessThanOrEqual(1);
    },
  );

  it("a greeting opener does not decide the message: what follows it does, and an unknown question stays below the threshold", async () => {
    const model = await trainClassifier(
      ORDER_STATUS.intents.map((i) => ({ id: i.name, name: i.name, examples: i.examples })),
    );
    const top = (text: string) => model.classify(text).ranked[0]?.intent;
    expect(top("good morning, I want to return my shoes")).toBe("refund_return");
    expect(top("Hi! Can I pay by UPI?")).toBe("payment_methods");
    expect(top("Hi, where is my order?")).toBe("order_status");
    const unknown = model.classify("Hi, do you offer gift wrapping?");
    expect(unknown.ranked[0]?.intent).not.toBe("greeting");
    expect(unknown.confidence).toBeLessThan(DEFAULT_CONFIDENCE_THRESHOLD);
    // A greeting alone, or followed by more greeting, is still one.
    expect(top("hello")).toBe("greeting");
    expect(top("hello, I have a question")).toBe("greeting");
    expect(model.classify("Hey there!").confidence).toBeGreaterThanOrEqual(DEFAULT_CONFIDENCE_THRESHOLD);
  });
});
