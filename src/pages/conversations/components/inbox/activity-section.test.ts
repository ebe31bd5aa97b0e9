import { describe, expect, it } from "vitest";
import { activityLine } from "./activity-section";

const base = {
  _id: "1",
  agentName: null,
  fromAgentName: null,
  actorName: "",
  note: "",
  at: "2026-12-07T05:00:00.000Z",
};

describe("activity lines", () => {
  it.each([
    [{ kind: "assigned", actor: "auto", agentName: "Anu" }, "Assigned to Anu, automatically"],
    [{ kind: "assigned", actor: "owner", agentName: "Asha", actorName: "Meera" }, "Assigned to Asha, by Meera"],
    [{ kind: "assigned", actor: "owner", agentName: "Asha" }, "Assigned to Asha, by the account"],
    [
      { kind: "assigned", actor: "offline", agentName: "Anu", fromAgentName: "Chitra" },
      "Assigned to Anu from Chitra, after its agent went offline",
    ],
    [
      { kind: "unassigned", actor: "agent", fromAgentName: "Asha", actorName: "Asha" },
      "Back to the team from Asha, by Asha",
    ],
    [{ kind: "assigned", actor: "auto" }, "Assigned to a removed member, automatically"],
    [{ kind: "sla_first_breached", actor: "sla" }, "First-response SLA breached: no reply by its due time"],
    [{ kind: "sla_resolution_breached", actor: "sla" }, "Resolution SLA breached: not resolved by its due time"],
    [{ kind: "csat_sent", actor: "csat", note: "reply buttons" }, "Satisfaction survey sent (reply buttons)"],
    [{ kind: "csat_not_sent", actor: "csat", note: "Survey not sent: no template" }, "Survey not sent: no template"],
    [{ kind: "csat_answered", actor: "customer", note: "4" }, "Customer rated the conversation 4 of 5"],
  ] as const)("%j reads %j", (fields, line) => {
    expect(activityLine({ ...base, ...fields })).toBe(line);
  });
});
