import { describe, expect, it } from "vitest";
import { batchAnswers } from "./batch-answers";

describe("a batching listener's answers", () => {
  it("answers what was owed when the batch that writes it ends, not before, and not what came after it began", async () => {
    const answers = batchAnswers();
    const settled: string[] = [];
    void answers.owe(true).then(() => settled.push("first"));
    let finish = () => undefined as void;
    const batch = answers.settle(() => new Promise<number>((resolve) => (finish = () => resolve(1))));
    void answers.owe(true).then(() => settled.push("later"));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toEqual([]);
    finish();
    expect(await batch).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toEqual(["first"]);
    await answers.settle(async () => 0);
    expect(settled).toEqual(["first", "later"]);
  });

  it("a failed batch refuses the refusable answers and acknowledges the others", async () => {
    const answers = batchAnswers();
    const receipt = answers.owe(true);
    const reply = answers.owe(false);
    await expect(answers.settle(() => Promise.reject(new Error("database gone")))).rejects.toThrow("database gone");
    await expect(receipt).rejects.toThrow("database gone");
    await expect(reply).resolves.toBeUndefined();
  });
});
