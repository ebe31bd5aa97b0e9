import { FilterOutlined } from "@ant-design/icons";
import { Badge, Button, Checkbox, Flex, Popover, Select, Typography } from "antd";
import { WAITING_MINUTES } from "../../../../../contract/domain/inbox-views";
import type { ListFilters } from "./conversation-list";
import type { InboxLabel } from "./use-labels";
import type { TeamMember } from "./use-team";

const waitingLabel = (m: number) => (m < 60 ? `${m} minutes` : m < 1440 ? `${m / 60} hours` : `${m / 1440} day`);

/** How many of the extra filters are set: the button's badge, so a narrowed list never looks like the whole inbox. */
export const extraFilterCount = (f: ListFilters) =>
  [f.label, f.agentId, f.unread || undefined, f.slaBreached || undefined, f.waitingMinutes].filter(
    (v) => v !== undefined,
  ).length;

/** The filters beyond the tabs: label, agent, unread and waiting time, in a popover under one button. */
export function InboxFilters(props: {
  filters: ListFilters;
  onFilters: (next: ListFilters) => void;
  labels: readonly InboxLabel[];
  members: readonly TeamMember[];
  /** Owners pick any agent; an agent sees only its own and the unassigned, so "Mine" already covers it. */
  canPickAgent: boolean;
}) {
  const { filters: f, onFilters } = props;
  const set = (patch: Partial<ListFilters>) => onFilters({ ...f, ...patch });
  const content = (
    <Flex vertical gap={10} style={{ width: 240 }}>
      <label>
        <Typography.Text type="secondary">Label</Typography.Text>
        <Select
          aria-label="Label"
          allowClear
          showSearch
          placeholder="Any label"
          value={f.label}
          onChange={(label: string | undefined) => set({ label })}
          options={props.labels.map((l) => ({ value: l.name, label: l.name }))}
          style={{ width: "100%" }}
        />
      </label>
      {props.canPickAgent && (
        <label>
          <Typography.Text type="secondary">Assigned to</Typography.Text>
          <Select
            aria-label="Assigned agent"
            allowClear
            placeholder="Anyone"
            value={f.agentId}
            onChange={(agentId: string | undefined) => set({ agentId })}
            options={props.members.map((m) => ({ value: m._id, label: m.name }))}
            style={{ width: "100%" }}
          />
        </label>
      )}
      <label>
        <Typography.Text type="secondary">Customer waiting longer than</Typography.Text>
        <Select
          aria-label="Waiting longer than"
          allowClear
          placeholder="Any time"
          value={f.waitingMinutes}
          onChange={(waitingMinutes: number | undefined) => set({ waitingMinutes })}
          options={WAITING_MINUTES.map((m) => ({ value: m, label: waitingLabel(m) }))}
          style={{ width: "100%" }}
        />
      </label>
      <Checkbox checked={f.unread} onChange={(e) => set({ unread: e.target.checked })}>
        Unread only
      </Checkbox>
      <Checkbox checked={f.slaBreached ?? false} onChange={(e) => set({ slaBreached: e.target.checked })}>
        SLA breached
      </Checkbox>
      <Button
        size="small"
        disabled={extraFilterCount(f) === 0}
        onClick={() =>
          set({ label: undefined, agentId: undefined, unread: false, slaBreached: false, waitingMinutes: undefined })
        }
      >
        Clear filters
      </Button>
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomLeft" content={content} title="Filter conversations">
      <Badge count={extraFilterCount(f)} size="small">
        <Button size="small" icon={<FilterOutlined />} aria-label="More filters">
          Filters
        </Button>
      </Badge>
    </Popover>
  );
}
