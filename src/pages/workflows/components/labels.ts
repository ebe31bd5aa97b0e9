import type { TriggerKind } from "../../../../contract/domain/workflow-nodes";
import type { RunStatus, StepStatus, WorkflowStatus } from "../../../../contract/domain/workflow-runs";

// How workflow states read and look, in one place for the list, the editor and the run history.

export const WORKFLOW_STATUS: Record<WorkflowStatus, { label: string; color: string }> = {
  draft: { label: "Draft", color: "default" },
  active: { label: "Active", color: "green" },
  paused: { label: "Off", color: "orange" },
};

export const RUN_STATUS: Record<RunStatus, { label: string; color: string }> = {
  running: { label: "Running", color: "processing" },
  waiting: { label: "Waiting", color: "purple" },
  succeeded: { label: "Succeeded", color: "success" },
  failed: { label: "Failed", color: "error" },
  cancelled: { label: "Cancelled", color: "default" },
};

// Rings and dots beside text: a queued step is in a grey darker than antd's #8c8c8c (4.7:1 on white).
export const STEP_COLOR: Record<StepStatus, string> = {
  queued: "#737373",
  running: "#1677ff",
  waiting: "#722ed1",
  succeeded: "#52c41a",
  failed: "#ff4d4f",
  skipped: "#bfbfbf",
};

export const TRIGGER_LABEL: Record<TriggerKind, string> = {
  inbound: "Inbound message",
  campaign_reply: "Campaign reply",
  campaign_delivery: "Campaign delivery",
  ai_intent: "AI intent",
  schedule: "Schedule",
  webhook: "Webhook",
  opt_out: "Opt-out / opt-in",
};

export const formatMs = (ms: number | null | undefined): string => {
  if (ms === null || ms === undefined) return "—";
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min`;
  return `${(ms / 3_600_000).toFixed(1)} h`;
};
