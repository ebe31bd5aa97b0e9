// The creation stepper as a reducer: which step is open, what has been entered, and the campaign the server made.
// Steps 0-2 are a local draft; "create" turns it into a campaign (step 3 on reads the server's), and from then on
// the draft is locked until the campaign is discarded or its ingest failed (then a new campaign is created).
import type { CampaignChannel } from "../../../../../contract";
import {
  DEFAULT_REGION,
  FAILOVER_CHANNELS,
  isFailoverChannel,
  type FailoverCondition,
} from "../../../../../contract/domain/campaigns";
import { fitValues, valueProblem, type VariableValue } from "./variables";

export const STEPS = ["Template", "Variables", "Audience", "Ingest report", "Check and cost", "Confirm"] as const;
export type StepIndex = 0 | 1 | 2 | 3 | 4 | 5;
export const STEP = { template: 0, variables: 1, audience: 2, ingest: 3, check: 4, confirm: 5 } as const;

export interface Failover {
  enabled: boolean;
  conditions: FailoverCondition[];
  smsAccountId: string;
  smsTemplateId: string;
  /** How many {#var#} the chosen SMS template has. */
  paramCount: number;
  params: VariableValue[];
}

export type AudienceMode = "file" | "paste" | "segment";

export interface Draft {
  name: string;
  /** RCS bot, SMS account or WABA. */
  accountId: string;
  /** WhatsApp: the sending number. */
  senderId: string;
  templateId: string;
  /** How many placeholders the chosen template has. */
  placeholderCount: number;
  variables: VariableValue[];
  audienceMode: AudienceMode;
  /** A saved segment of the contacts, read when the audience is read (audienceMode "segment"). */
  segmentId: string;
  file: File | null;
  /** The file's header row, when the browser could read it (CSV). */
  columns: string[];
  /** "Save this audience to contacts" (a file audience only; off by default). */
  saveToContacts: boolean;
  /** SMS and RCS: web address values go out as per-recipient short links, clicks counted (off by default). */
  trackLinks: boolean;
  numbers: string;
  region: string;
  failover: Failover;
  /** WhatsApp, a media-header template: the campaign's own header file (uploaded already) instead of the template's. */
  headerMedia: { id: string; file: File } | null;
}

export type IngestPhase = "none" | "running" | "ready" | "failed";

export interface WizardState {
  step: StepIndex;
  draft: Draft;
  campaignId: string | null;
  ingest: IngestPhase;
  /** Field errors shown after a "Next" that was refused. */
  errors: Record<string, string>;
}

/** Failover off; when switched on, "failed" and the channel's "not reachable" are ticked. */
export const emptyFailover = (channel: CampaignChannel): Failover => ({
  enabled: false,
  conditions: isFailoverChannel(channel) ? ["failed", FAILOVER_CHANNELS[channel].notReachable] : [],
  smsAccountId: "",
  smsTemplateId: "",
  paramCount: 0,
  params: [],
});

export const initialState = (channel: CampaignChannel = "whatsapp"): WizardState => ({
  step: 0,
  campaignId: null,
  ingest: "none",
  errors: {},
  draft: {
    name: "",
    accountId: "",
    senderId: "",
    templateId: "",
    placeholderCount: 0,
    variables: [],
    audienceMode: "file",
    segmentId: "",
    file: null,
    columns: [],
    saveToContacts: false,
    trackLinks: false,
    numbers: "",
    region: DEFAULT_REGION,
    failover: emptyFailover(channel),
    headerMedia: null,
  },
});

export type Action =
  | { type: "edit"; patch: Partial<Omit<Draft, "failover">> }
  | { type: "account"; accountId: string }
  | { type: "template"; templateId: string; placeholderCount: number }
  | { type: "variable"; index: number; value: VariableValue }
  | { type: "failover"; patch: Partial<Failover> }
  | { type: "failoverTemplate"; smsTemplateId: string; paramCount: number }
  | { type: "failoverParam"; index: number; value: VariableValue }
  | { type: "next"; needsWhatsAppSender?: boolean }
  | { type: "back" }
  | { type: "goto"; step: StepIndex }
  | { type: "created"; campaignId: string }
  | { type: "ingestSettled"; ok: boolean }
  | { type: "checked" }
  | { type: "reopen" }
  | { type: "errors"; errors: Record<string, string> };

/** Field errors of a draft step; an empty object lets the step be left. */
export function stepErrors(
  step: StepIndex,
  d: Draft,
  opts: { needsWhatsAppSender?: boolean } = {},
): Record<string, string> {
  const e: Record<string, string> = {};
  if (step === STEP.template) {
    if (!d.name.trim()) e.name = "Give the campaign a name";
    else if (d.name.length > 100) e.name = "At most 100 characters";
    if (!d.accountId) e.accountId = "Choose an account";
    if (opts.needsWhatsAppSender && !d.senderId) e.senderId = "Choose the number to send from";
    if (!d.templateId) e.templateId = "Choose an approved template";
  }
  if (step === STEP.variables) {
    d.variables.forEach((v, i) => {
      const p = valueProblem(v);
      if (p) e[`variables.${i}`] = p;
    });
  }
  if (step === STEP.audience) {
    if (d.audienceMode === "file" && !d.file) e.file = "Choose a CSV or XLSX file";
    if (d.audienceMode === "segment" && !d.segmentId) e.segmentId = "Choose a segment";
    if (d.audienceMode === "paste") {
      if (!d.numbers.trim()) e.numbers = "Paste at least one number";
      else if (d.variables.some((v) => v.kind === "column"))
        e.numbers = "Pasted numbers have no columns: give the variables fixed text or contact fields, or upload a file";
    }
    if (!/^[A-Z]{2}$/.test(d.region)) e.region = "Choose a country";
    const f = d.failover;
    if (f.enabled) {
      if (!f.conditions.length) e["failover.conditions"] = "Choose when to fail over";
      if (!f.smsAccountId) e["failover.smsAccountId"] = "Choose an SMS account";
      if (!f.smsTemplateId) e["failover.smsTemplateId"] = "Choose an SMS template";
      f.params.forEach((v, i) => {
        const p = valueProblem(v);
        if (p) e[`failover.params.${i}`] = p;
        else if (v.kind === "column" && d.audienceMode === "paste")
          e[`failover.params.${i}`] = "Pasted numbers have no columns";
      });
    }
  }
  return e;
}

const atMost = (s: number): StepIndex => Math.max(0, Math.min(5, s)) as StepIndex;

const EDITS = new Set<Action["type"]>([
  "edit",
  "account",
  "template",
  "variable",
  "failover",
  "failoverTemplate",
  "failoverParam",
]);

/** After a refused "Next", each edit re-checks the step, so a fixed field's message goes away as it is fixed. */
export function wizardReducer(state: WizardState, action: Action): WizardState {
  const next = reduce(state, action);
  if (!EDITS.has(action.type) || next === state || !Object.keys(state.errors).length || next.step > STEP.audience)
    return next;
  return {
    ...next,
    errors: stepErrors(next.step, next.draft, {
      needsWhatsAppSender: "senderId" in state.errors || state.draft.senderId !== "",
    }),
  };
}

function reduce(state: WizardState, action: Action): WizardState {
  const locked = state.campaignId !== null;
  const draft = state.draft;
  switch (action.type) {
    case "edit":
      return locked ? state : { ...state, draft: { ...draft, ...action.patch } };
    case "account":
      if (locked || action.accountId === draft.accountId) return state;
      return {
        ...state,
        draft: {
          ...draft,
          accountId: action.accountId,
          senderId: "",
          templateId: "",
          placeholderCount: 0,
          variables: [],
          headerMedia: null,
        },
      };
    case "template":
      if (locked) return state;
      return {
        ...state,
        draft: {
          ...draft,
          templateId: action.templateId,
          placeholderCount: action.placeholderCount,
          variables: fitValues(action.templateId === draft.templateId ? draft.variables : [], action.placeholderCount),
          headerMedia: action.templateId === draft.templateId ? draft.headerMedia : null,
        },
      };
    case "variable":
      if (locked) return state;
      return {
        ...state,
        draft: { ...draft, variables: draft.variables.map((v, i) => (i === action.index ? action.value : v)) },
      };
    case "failover":
      return locked ? state : { ...state, draft: { ...draft, failover: { ...draft.failover, ...action.patch } } };
    case "failoverTemplate":
      if (locked) return state;
      return {
        ...state,
        draft: {
          ...draft,
          failover: {
            ...draft.failover,
            smsTemplateId: action.smsTemplateId,
            paramCount: action.paramCount,
            params: fitValues([], action.paramCount),
          },
        },
      };
    case "failoverParam":
      if (locked) return state;
      return {
        ...state,
        draft: {
          ...draft,
          failover: {
            ...draft.failover,
            params: draft.failover.params.map((v, i) => (i === action.index ? action.value : v)),
          },
        },
      };
    case "next": {
      // Draft steps are checked here; the audience step leaves through "created" (the server's answer), and the
      // server's steps through their own outcomes.
      if (state.step >= STEP.audience && state.step < STEP.ingest) return state;
      if (state.step === STEP.ingest && state.ingest !== "ready") return state;
      if (state.step === STEP.confirm) return state;
      const errors =
        state.step < STEP.audience
          ? stepErrors(state.step, draft, { needsWhatsAppSender: action.needsWhatsAppSender })
          : {};
      if (Object.keys(errors).length) return { ...state, errors };
      return { ...state, errors: {}, step: atMost(state.step + 1) };
    }
    case "back":
      // Once created, the draft steps stay closed: going back from the ingest report means "fix the audience".
      if (state.step === 0 || (locked && state.step <= STEP.ingest)) return state;
      return { ...state, errors: {}, step: atMost(state.step - 1) };
    case "goto":
      if (action.step >= state.step) return state;
      if (locked && action.step < STEP.ingest) return state;
      return { ...state, errors: {}, step: action.step };
    case "created":
      return { ...state, campaignId: action.campaignId, ingest: "running", errors: {}, step: STEP.ingest };
    case "ingestSettled":
      return { ...state, ingest: action.ok ? "ready" : "failed" };
    case "checked":
      return state.step === STEP.check ? { ...state, step: STEP.confirm } : state;
    case "errors":
      return { ...state, errors: action.errors };
    case "reopen":
      // The campaign failed its ingest or was discarded: back to the audience with the draft intact.
      return { ...state, campaignId: null, ingest: "none", errors: {}, step: STEP.audience };
  }
}

/** Whether the audience step may be submitted (the errors to show otherwise). */
export const audienceErrors = (d: Draft) => stepErrors(STEP.audience, d);
