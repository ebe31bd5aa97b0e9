import { Avatar, Badge, Flex, Typography, theme } from "antd";
import { useRef, type KeyboardEvent } from "react";
import { ChannelTag } from "./channel-tag";
import { LabelTags } from "./label-tags";
import { SlaTag } from "./sla-tag";
import { formatRelative } from "./time";
import type { Conversation } from "./thread-state";

const STEP: Partial<Record<string, (i: number, last: number) => number>> = {
  ArrowDown: (i, last) => Math.min(i + 1, last),
  ArrowUp: (i) => Math.max(i - 1, 0),
  Home: () => 0,
  End: (_, last) => last,
};

/**
 * The conversations as a listbox whose only children are its options (ARIA's required children), one tab stop: the
 * selected conversation, or the first. Arrow keys, Home and End move and open, as in a mail client's list.
 */
export function ConversationOptions({
  items,
  selected,
  onSelect,
  picked = null,
}: {
  items: readonly Conversation[];
  selected: string | null;
  onSelect: (id: string) => void;
  /** Bulk selection: the ticked conversations (the listbox becomes multi-select, and a click ticks). */
  picked?: ReadonlySet<string> | null;
}) {
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  const current = Math.max(
    0,
    items.findIndex((c) => c._id === selected),
  );
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = STEP[e.key];
    if (!step) return;
    e.preventDefault();
    const next = items[step(current, items.length - 1)];
    if (!picked) onSelect(next._id);
    box.current?.querySelector<HTMLElement>(`[data-chat="${next._id}"]`)?.focus();
  };
  return (
    <div
      ref={box}
      role="listbox"
      aria-label="Conversations"
      aria-multiselectable={picked ? true : undefined}
      onKeyDown={onKeyDown}
    >
      {items.map((c, i) => {
        const active = picked ? picked.has(c._id) : c._id === selected;
        return (
          <div
            key={c._id}
            role="option"
            aria-selected={active}
            tabIndex={i === current ? 0 : -1}
            data-chat={c._id}
            onClick={() => onSelect(c._id)}
            onKeyDown={(e) => {
              if (e.key === "Enter" || e.key === " ") {
                e.preventDefault();
                onSelect(c._id);
              }
            }}
            style={{
              display: "flex",
              gap: 12,
              alignItems: "flex-start",
              cursor: "pointer",
              padding: "10px 12px",
              borderBlockEnd: `1px solid ${token.colorSplit}`,
              background: active ? token.controlItemBgActive : undefined,
              borderInlineStart: `3px solid ${active ? token.colorPrimary : "transparent"}`,
            }}
          >
            <Avatar aria-hidden style={{ background: token.colorFillSecondary, color: token.colorText, flexShrink: 0 }}>
              {c.customerNumber.slice(-2)}
            </Avatar>
            <div style={{ minWidth: 0, flex: 1 }}>
              <Flex justify="space-between" gap={8}>
                <Typography.Text strong={c.unreadCount > 0} ellipsis>
                  {c.customerName ? `${c.customerName} · ${c.customerNumber}` : c.customerNumber}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: "nowrap" }}>
                  {formatRelative(c.lastMessageAt)}
                </Typography.Text>
              </Flex>
              <Flex justify="space-between" gap={8} align="center">
                <Typography.Text type="secondary" ellipsis style={{ flex: 1 }}>
                  {c.lastMessageText}
                </Typography.Text>
                <Flex gap={4} align="center">
                  <SlaTag conversation={c} />
                  <ChannelTag channel={c.channel} />
                  {c.unreadCount > 0 && <Badge count={c.unreadCount} aria-label={`${c.unreadCount} unread`} />}
                </Flex>
              </Flex>
              <LabelTags labels={c.labels} />
            </div>
          </div>
        );
      })}
    </div>
  );
}
