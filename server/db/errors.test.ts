import { describe, expect, it } from "vitest";
import { retryingRaces } from "./errors";

/** A Drizzle-style error: the driver's error, with its SQLSTATE, is the cause. */
const failed = (code: string) => Object.assign(new Error("Failed query"), { cause: { code } });

describe("retryingRaces", () => {
  it("runs a statement again after a deadlock or a serialization failure", async () => {
    const thrown = [failed("40P01"), failed("40001")];
    let runs = 0;
    const result = await retryingRaces(async () => {
      runs += 1;
      const next = thrown.shift();
      if (next) throw next;
      return "stored";
    });
    expect(result).toBe("stored");
    expect(runs).toBe(3);
  });

  it("gives up after its tries, and at once on any other error", async () => {
    let runs = 0;
    await expect(
      retryingRaces(async () => {
        runs += 1;
        throw failed("40P01");
      }, 2),
    ).rejects.toThrow("Failed query");
    expect(runs).toBe(2);
    runs = 0;
    await expect(
      retryingRaces(async () => {
        runs += 1;
        throw failed("23505");
      }),
    ).rejects.toThrow("Failed query");
    expect(runs).toBe(1);
  });
});
