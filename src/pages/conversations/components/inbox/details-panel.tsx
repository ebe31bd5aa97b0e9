import { CheckCircleOutlined, RedoOutlined, UnorderedListOutlined } from "@ant-design/icons";
import { Button, Descriptions, Divider, Flex, Select, Tag, Typography } from "antd";
import { useNavigate } from "react-router";
import { useAbility } from "../../../../providers";
import type { CallReply } from "../../../../../contract";
import { formatDateTime } from "../../../../shell/format";
import { ActivitySection } from "./activity-section";
import { ChannelTag } from "./channel-tag";
import { CustomerCard } from "./customer-card";
import { LabelPicker } from "./label-picker";
import type { InboxLabel } from "./use-labels";
import type { Conversation } from "./thread-state";
import { TimelineSection } from "./timeline-section";
import type { InboxTeam, TeamMember } from "./use-team";

type Customer = CallReply<"chats.get">["customer"];

const PRESENCE_LABEL: Record<TeamMember["presence"], string> = { online: "online", away: "away", offline: "offline" };

/** A member as the assignment list names it: who, whether it is the caller, and whether they are there. */
export const memberLabel = (m: TeamMember) => `${m.name}${m.you ? " (you)" : ""} · ${PRESENCE_LABEL[m.presence]}`;

/** The right pane: who the customer is to this account, and what can be done with the conversation. */
export function DetailsPanel(props: {
  conversation: Conversation;
  customer: Customer | null;
  team: InboxTeam;
  onAssign: (agentId: string | null) => void;
  onResolve: () => void;
  onReopen: () => void;
  labels: readonly InboxLabel[];
  onLabels: (add: string[], remove: string[]) => void;
}) {
  const { conversation: c, customer, team } = props;
  const options = team.members.map((m) => ({ value: m._id, label: memberLabel(m) }));
  const navigate = useNavigate();
  const mayReadLog = useAbility().can("call", "messageLog.list");
  return (
    <div style={{ padding: 16, overflowY: "auto", height: "100%" }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {c.customerName ?? c.customerNumber}
      </Typography.Title>
      <Flex gap={6} wrap style={{ marginBottom: 12 }}>
        <ChannelTag channel={c.channel} />
        <Tag color={c.status === "open" ? "processing" : "default"}>{c.status === "open" ? "Open" : "Resolved"}</Tag>
        {customer?.optedOut && <Tag color="red">Opted out</Tag>}
      </Flex>
      <Flex gap={8} style={{ marginBottom: 12 }}>
        {c.status === "open" ? (
          <Button icon={<CheckCircleOutlined />} onClick={props.onResolve}>
            Resolve
          </Button>
        ) : (
          <Button icon={<RedoOutlined />} onClick={props.onReopen}>
            Reopen
          </Button>
        )}
        {mayReadLog && (
          <Button
            icon={<UnorderedListOutlined />}
            onClick={() =>
              navigate(`../campaigns/message-log?number=${encodeURIComponent(c.customerNumber)}`, { relative: "path" })
            }
          >
            Message log
          </Button>
        )}
      </Flex>
      <Typography.Text type="secondary">Assigned to</Typography.Text>
      <Select
        aria-label="Assign to"
        style={{ width: "100%", marginTop: 4 }}
        allowClear
        placeholder={team.failed ? "Team members are not available" : "Unassigned"}
        value={c.assignedAgentId ?? undefined}
        options={options}
        onChange={(value: string | undefined) => props.onAssign(value ?? null)}
      />
      <Typography.Text type="secondary" style={{ display: "block", marginTop: 12 }}>
        Labels
      </Typography.Text>
      <LabelPicker labels={props.labels} value={c.labels} onChange={props.onLabels} />
      <Divider style={{ margin: "16px 0" }} />
      <CustomerCard key={`card:${c._id}`} conversationId={c._id} />
      <Divider style={{ margin: "16px 0" }} />
      <Descriptions size="small" column={1} colon={false}>
        <Descriptions.Item label="Number">{c.customerNumber}</Descriptions.Item>
        <Descriptions.Item label="Writes to">{c.businessLabel}</Descriptions.Item>
        <Descriptions.Item label="First seen">
          {customer ? formatDateTime(customer.firstSeenAt) : "…"}
        </Descriptions.Item>
        <Descriptions.Item label="Messages">{customer?.messageCount ?? "…"}</Descriptions.Item>
        <Descriptions.Item label="Campaigns">{customer ? customer.campaigns.length : "…"}</Descriptions.Item>
        {customer?.optedOut && <Descriptions.Item label="Opt-out">{customer.optOutReason}</Descriptions.Item>}
      </Descriptions>
      <Divider style={{ margin: "16px 0" }} />
      {/* Mounted again on each new message of the thread, so the timeline's first page has it. */}
      <TimelineSection key={`timeline:${c._id}:${c.lastMessageAt}`} conversationId={c._id} />
      <Divider style={{ margin: "16px 0" }} />
      <ActivitySection key={c._id} conversationId={c._id} assignedAgentId={c.assignedAgentId ?? null} />
    </div>
  );
}
