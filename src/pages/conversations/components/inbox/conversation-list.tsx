import { CheckSquareOutlined } from "@ant-design/icons";
import { Badge, Button, Empty, Flex, Input, Segmented, Select, Skeleton, Tabs } from "antd";
import { useState } from "react";
import type { ChatChannel, ConversationScope, ConversationStatus } from "../../../../../contract/domain/chats";
import {
  CONVERSATION_SORTS,
  CONVERSATION_SORT_LABELS,
  type ConversationSort,
} from "../../../../../contract/domain/inbox-views";
import { BulkLabels } from "./bulk-labels";
import { ConversationOptions } from "./conversation-options";
import { InboxFilters } from "./inbox-filters";
import { SavedViews } from "./saved-views";
import type { InboxLabel } from "./use-labels";
import type { TeamMember } from "./use-team";
import type { Conversation } from "./thread-state";

export interface ListFilters {
  channel: ChatChannel | "all";
  scope: ConversationScope;
  status: ConversationStatus;
  q: string;
  label?: string;
  agentId?: string;
  unread: boolean;
  /** Only conversations whose SLA was breached (issue 40 item 5). */
  slaBreached?: boolean;
  waitingMinutes?: number;
  /** The list's order (not a filter: a saved view keeps the one in use). */
  sort?: ConversationSort;
}

/** The left pane: channel tabs with unread counts, whose and which state, search, and the conversations. */
export function ConversationList(props: {
  filters: ListFilters;
  onFilters: (next: ListFilters) => void;
  unread: Record<ChatChannel, number>;
  items: readonly Conversation[];
  loading: boolean;
  selected: string | null;
  onSelect: (id: string) => void;
  labels: readonly InboxLabel[];
  members: readonly TeamMember[];
  /** The caller is the account's owner (it may filter by any agent). */
  owner: boolean;
  relabel: (ids: string[], label: string, add: boolean) => Promise<unknown>;
  relabelling: boolean;
}) {
  const { filters, onFilters, unread } = props;
  // Selecting for bulk labelling: null when not selecting; the list's clicks then tick conversations instead of opening.
  const [picked, setPicked] = useState<Set<string> | null>(null);
  const toggle = (id: string) =>
    setPicked((p) => {
      const next = new Set(p);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const count = (n: number) => (n > 0 ? <Badge count={n} size="small" style={{ marginInlineStart: 4 }} /> : null);
  return (
    <Flex vertical style={{ height: "100%", minHeight: 0 }}>
      <Tabs
        size="small"
        tabBarGutter={14}
        activeKey={filters.channel}
        onChange={(channel) => onFilters({ ...filters, channel: channel as ListFilters["channel"] })}
        items={[
          { key: "all", label: <span>All{count(unread.whatsapp + unread.sms + unread.rcs)}</span> },
          { key: "whatsapp", label: <span>WhatsApp{count(unread.whatsapp)}</span> },
          { key: "sms", label: <span>SMS{count(unread.sms)}</span> },
          { key: "rcs", label: <span>RCS{count(unread.rcs)}</span> },
        ]}
        style={{ paddingInline: 12, marginBottom: 0 }}
      />
      <Flex gap={8} style={{ padding: "8px 12px" }} wrap>
        <Segmented
          size="small"
          value={filters.scope}
          onChange={(scope) => onFilters({ ...filters, scope: scope as ConversationScope })}
          options={[
            { value: "mine", label: "Mine" },
            { value: "unassigned", label: "Unassigned" },
            { value: "all", label: "All" },
          ]}
        />
        <Select
          size="small"
          aria-label="Status"
          value={filters.status}
          onChange={(status: ConversationStatus) => onFilters({ ...filters, status })}
          options={[
            { value: "open", label: "Open" },
            { value: "resolved", label: "Resolved" },
          ]}
          style={{ width: 100 }}
        />
        <Select
          size="small"
          aria-label="Sort conversations"
          value={filters.sort ?? "recent"}
          onChange={(sort: ConversationSort) => onFilters({ ...filters, sort })}
          options={CONVERSATION_SORTS.map((value) => ({ value, label: CONVERSATION_SORT_LABELS[value] }))}
          popupMatchSelectWidth={false}
          style={{ width: 170 }}
        />
        <Input.Search
          size="small"
          allowClear
          aria-label="Search conversations"
          placeholder="Search number or message"
          defaultValue={filters.q}
          onSearch={(q) => onFilters({ ...filters, q })}
        />
        <InboxFilters
          filters={filters}
          onFilters={onFilters}
          labels={props.labels}
          members={props.members}
          canPickAgent={props.owner}
        />
        <Button
          size="small"
          icon={<CheckSquareOutlined />}
          aria-pressed={picked !== null}
          onClick={() => setPicked(picked ? null : new Set())}
        >
          Select
        </Button>
        <SavedViews filters={filters} onFilters={onFilters} />
      </Flex>
      {picked && (
        <BulkLabels
          count={picked.size}
          labels={props.labels}
          busy={props.relabelling}
          onApply={(label, add) => void props.relabel([...picked], label, add)}
          onDone={() => setPicked(null)}
        />
      )}
      <div style={{ flex: 1, overflowY: "auto", minHeight: 0 }}>
        {props.loading && props.items.length === 0 ? (
          <Skeleton active avatar paragraph={{ rows: 2 }} style={{ padding: 12 }} />
        ) : props.items.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="No conversations here yet. Customers' messages will show up as they arrive."
            style={{ marginTop: 48 }}
          />
        ) : (
          <ConversationOptions
            items={props.items}
            selected={props.selected}
            onSelect={picked ? toggle : props.onSelect}
            picked={picked}
          />
        )}
      </div>
    </Flex>
  );
}
