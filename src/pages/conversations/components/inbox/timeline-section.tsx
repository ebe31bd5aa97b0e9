import { Button, Empty, Flex, Skeleton, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import type { CallReply } from "../../../../../contract";
import { useCall } from "../../../../api";
import { formatDateTime } from "../../../../shell/format";
import { SentLinks } from "../../../../components/sent-links";
import { ChannelTag } from "./channel-tag";

type Item = CallReply<"chats.timeline">["data"][number];

/** What a line is, in words: who wrote it and through what (a campaign by name, the API, the chat, a team note). */
export function timelineWhat(i: Pick<Item, "kind" | "direction" | "campaignName">): string {
  if (i.kind === "campaign") return `Campaign${i.campaignName ? ` · ${i.campaignName}` : ""}`;
  if (i.kind === "api") return "API message";
  if (i.direction === "note") return "Private note";
  return i.direction === "in" ? "Customer wrote" : "Reply sent";
}

const STATUS: Record<string, string> = {
  pending: "sending",
  queued: "queued",
  sending: "sending",
  sent: "sent",
  delivered: "delivered",
  read: "read",
  replied: "replied",
  failed: "failed",
  unknown: "status unknown",
};

function Line({ item }: { item: Item }) {
  return (
    <li style={{ padding: "8px 0", borderBottom: "1px solid var(--ant-color-split, rgba(5, 5, 5, 0.06))" }}>
      <Flex gap={6} align="center" wrap>
        <ChannelTag channel={item.channel} />
        <Typography.Text strong style={{ fontSize: 13 }}>
          {timelineWhat(item)}
        </Typography.Text>
      </Flex>
      {item.text && (
        <Typography.Paragraph ellipsis={{ rows: 3 }} style={{ margin: "4px 0 0" }}>
          {item.text}
        </Typography.Paragraph>
      )}
      <SentLinks links={item.links} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatDateTime(item.at)}
        {item.status ? ` · ${STATUS[item.status] ?? item.status}` : ""}
      </Typography.Text>
    </li>
  );
}

/** One page of the timeline: its lines, then "Load older" while there are more (the next page mounts below it). */
function TimelinePage(props: { conversationId: string; cursor?: string; first: boolean }) {
  const { query } = useCall(
    "chats.timeline",
    { params: { id: props.conversationId }, query: props.cursor ? { cursor: props.cursor } : {} },
    { errorNotification: false },
  );
  const [older, setOlder] = useState(false);
  const page = query.data?.data;
  // "Load older" gives way to the page it loads: focus moves to that page, not back to the top of the document.
  const list = useRef<HTMLUListElement>(null);
  const loaded = Boolean(page);
  useEffect(() => {
    if (!props.first && loaded) list.current?.focus();
  }, [props.first, loaded]);
  if (query.isError) return <Typography.Text type="secondary">The timeline could not be read.</Typography.Text>;
  if (!page) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (props.first && page.data.length === 0)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing sent to or received from this number yet" />
    );
  return (
    <>
      <ul
        ref={list}
        tabIndex={props.first ? undefined : -1}
        aria-label={props.first ? undefined : "Older lines"}
        style={{ listStyle: "none", padding: 0, margin: 0 }}
      >
        {page.data.map((i) => (
          <Line key={i._id} item={i} />
        ))}
      </ul>
      {page.nextCursor &&
        (older ? (
          <TimelinePage conversationId={props.conversationId} cursor={page.nextCursor} first={false} />
        ) : (
          <Button block type="link" onClick={() => setOlder(true)} style={{ marginTop: 4 }}>
            Load older
          </Button>
        ))}
    </>
  );
}

/**
 * The customer's one timeline: every campaign, API and chat message and note of the number in this account, across
 * channels, newest first (chats.timeline, 20 a page). Mounted again when the conversation's last message changes, so
 * the newest lines are there without a reload.
 */
export function TimelineSection(props: { conversationId: string }) {
  return (
    <section aria-label="Timeline">
      <Typography.Text strong style={{ display: "block", marginBottom: 4 }}>
        Timeline
      </Typography.Text>
      <TimelinePage conversationId={props.conversationId} first />
    </section>
  );
}
