import { describe, expect, it } from "vitest";
import { initialState, STEP, stepErrors, wizardReducer, type Action, type WizardState } from "./wizard-state";

const run = (actions: Action[], from: WizardState = initialState()) => actions.reduce(wizardReducer, from);
const filled: Action[] = [
  { type: "edit", patch: { name: "Diwali" } },
  { type: "account", accountId: "waba1" },
  { type: "edit", patch: { senderId: "pn1" } },
  { type: "template", templateId: "t1", placeholderCount: 2 },
];

describe("campaign creation stepper", () => {
  it("refuses to leave the template step with the missing fields named", () => {
    const s = run([{ type: "next", needsWhatsAppSender: true }]);
    expect(s.step).toBe(STEP.template);
    expect(s.errors).toEqual({
      name: "Give the campaign a name",
      accountId: "Choose an account",
      senderId: "Choose the number to send from",
      templateId: "Choose an approved template",
    });
  });

  it("a fixed field's message goes away as it is fixed", () => {
    const s = run([
      { type: "next", needsWhatsAppSender: true },
      { type: "edit", patch: { name: "Diwali" } },
    ]);
    expect(s.errors.name).toBeUndefined();
    expect(s.errors.accountId).toBe("Choose an account");
  });

  it("sizes the variables to the template and checks each one", () => {
    let s = run([...filled, { type: "next", needsWhatsAppSender: true }]);
    expect(s.step).toBe(STEP.variables);
    expect(s.draft.variables).toHaveLength(2);
    s = run([{ type: "next" }], s);
    expect(s.step).toBe(STEP.variables);
    expect(Object.keys(s.errors)).toEqual(["variables.0", "variables.1"]);
    s = run(
      [
        { type: "variable", index: 0, value: { kind: "column", value: "name" } },
        { type: "variable", index: 1, value: { kind: "text", value: "#1" } },
        { type: "next" },
      ],
      s,
    );
    expect(s.step).toBe(STEP.audience);
    expect(s.errors).toEqual({});
  });

  it("changing the account clears the template and its variables", () => {
    const s = run([...filled, { type: "account", accountId: "waba2" }]);
    expect(s.draft).toMatchObject({ accountId: "waba2", senderId: "", templateId: "", variables: [] });
  });

  it("pasted numbers cannot feed column variables; a file must be chosen", () => {
    const base = run([...filled, { type: "variable", index: 0, value: { kind: "column", value: "name" } }]);
    expect(stepErrors(STEP.audience, base.draft).file).toBe("Choose a CSV or XLSX file");
    const pasted = run([{ type: "edit", patch: { audienceMode: "paste", numbers: "9000000001" } }], base);
    expect(stepErrors(STEP.audience, pasted.draft).numbers).toMatch(/Pasted numbers have no columns/);
  });

  it("failover needs conditions, an SMS account and template, and values for its params", () => {
    const s = run([
      ...filled,
      { type: "failover", patch: { enabled: true, conditions: [] } },
      { type: "failoverTemplate", smsTemplateId: "s1", paramCount: 1 },
    ]);
    expect(stepErrors(STEP.audience, s.draft)).toMatchObject({
      "failover.conditions": "Choose when to fail over",
      "failover.smsAccountId": "Choose an SMS account",
      "failover.params.0": "Enter the text for this variable",
    });
    expect(stepErrors(STEP.audience, s.draft)["failover.smsTemplateId"]).toBeUndefined();
  });

  it("after creation the draft is locked; the ingest report leads on only when ready", () => {
    let s = run([...filled, { type: "created", campaignId: "c1" }]);
    expect(s).toMatchObject({ step: STEP.ingest, campaignId: "c1", ingest: "running" });
    expect(run([{ type: "edit", patch: { name: "changed" } }], s).draft.name).toBe("Diwali");
    expect(run([{ type: "back" }], s).step).toBe(STEP.ingest);
    expect(run([{ type: "goto", step: STEP.template }], s).step).toBe(STEP.ingest);
    expect(run([{ type: "next" }], s).step).toBe(STEP.ingest);
    s = run([{ type: "ingestSettled", ok: true }, { type: "next" }], s);
    expect(s.step).toBe(STEP.check);
    s = run([{ type: "checked" }], s);
    expect(s.step).toBe(STEP.confirm);
    expect(run([{ type: "back" }], s).step).toBe(STEP.check);
  });

  it("a failed ingest reopens the audience with the draft kept, for a new campaign", () => {
    const s = run([
      ...filled,
      { type: "created", campaignId: "c1" },
      { type: "ingestSettled", ok: false },
      { type: "reopen" },
    ]);
    expect(s).toMatchObject({ step: STEP.audience, campaignId: null, ingest: "none" });
    expect(s.draft.name).toBe("Diwali");
    expect(run([{ type: "edit", patch: { numbers: "1" } }], s).draft.numbers).toBe("1");
  });

  it("the audience step is left only by the server's answer", () => {
    const s = run([...filled, { type: "goto", step: STEP.template }]);
    expect(s.step).toBe(STEP.template);
    const atAudience = { ...s, step: STEP.audience } as WizardState;
    expect(run([{ type: "next" }], atAudience).step).toBe(STEP.audience);
  });
});
