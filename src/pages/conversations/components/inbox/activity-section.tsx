import { Empty, Timeline, Typography } from "antd";
import { useEffect, useRef } from "react";
import type { CallReply } from "../../../../../contract";
import { useCall } from "../../../../api";
import { formatDateTime } from "../../../../shell/format";

type Activity = CallReply<"chats.activity">["data"][number];

const BY: Record<Activity["actor"], string> = {
  auto: "automatically",
  owner: "by the account",
  agent: "by an agent",
  offline: "after its agent went offline",
  sla: "by the SLA clock",
  csat: "by the satisfaction survey",
  customer: "by the customer",
};

/** One line of the log, in words: whom it went to (or back to the team), from whom, and who decided. */
export function activityLine(a: Activity): string {
  const by = a.actorName && a.actor !== "auto" && a.actor !== "offline" ? `by ${a.actorName}` : BY[a.actor];
  if (a.kind === "sla_first_breached") return "First-response SLA breached: no reply by its due time";
  if (a.kind === "sla_resolution_breached") return "Resolution SLA breached: not resolved by its due time";
  if (a.kind === "csat_sent") return `Satisfaction survey sent${a.note ? ` (${a.note})` : ""}`;
  if (a.kind === "csat_not_sent") return a.note || "Survey not sent";
  if (a.kind === "csat_answered") return `Customer rated the conversation ${a.note} of 5`;
  const from = a.fromAgentName ? ` from ${a.fromAgentName}` : "";
  if (a.kind === "unassigned") return `Back to the team${from}, ${by}`;
  return `Assigned to ${a.agentName ?? "a removed member"}${from}, ${by}`;
}

/**
 * The conversation's activity log (every assignment change, newest first), read when the panel opens and again when
 * the assignment it shows changes (the conversation's push carries the new agent, so this follows it).
 */
export function ActivitySection(props: { conversationId: string; assignedAgentId: string | null }) {
  const { query } = useCall("chats.activity", { params: { id: props.conversationId } }, { errorNotification: false });
  const { refetch } = query;
  const shown = useRef(props.assignedAgentId);
  useEffect(() => {
    if (shown.current === props.assignedAgentId) return;
    shown.current = props.assignedAgentId;
    void refetch();
  }, [props.assignedAgentId, refetch]);
  const items = query.data?.data.data ?? [];
  return (
    <section aria-label="Activity">
      <Typography.Text strong style={{ display: "block", marginBottom: 8 }}>
        Activity
      </Typography.Text>
      {query.isError ? (
        <Typography.Text type="secondary">The activity log could not be read.</Typography.Text>
      ) : items.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={query.isLoading ? "Loading…" : "No assignment changes yet"}
        />
      ) : (
        <Timeline
          items={items.map((a) => ({
            key: a._id,
            children: (
              <>
                <Typography.Text>{activityLine(a)}</Typography.Text>
                <Typography.Text type="secondary" style={{ display: "block", fontSize: 12 }}>
                  {formatDateTime(a.at)}
                </Typography.Text>
              </>
            ),
          }))}
        />
      )}
    </section>
  );
}
