import { EnvironmentOutlined, ExclamationCircleOutlined, FileOutlined } from "@ant-design/icons";
import { Button, Image, Spin, Tag, Typography, theme } from "antd";
import { useEffect, useRef, useState } from "react";
import { Virtuoso, type VirtuosoHandle } from "react-virtuoso";
import { csatMessageOf } from "../../../../../contract/domain/csat";
import { SentLinks } from "../../../../components/sent-links";
import { DeliveryTicks } from "../ticks";
import { MessageMedia, unavailable } from "./message-media";
import type { ChatMessage } from "./thread-state";
import { dayLabel, timeOf } from "./time";

function Body({ m }: { m: ChatMessage }) {
  // A satisfaction survey sent on resolve, and the customer's answer to it: said as such, not as chat.
  // One the carrier refused says so in the bubble, with its reason: no answer will come.
  const csat = csatMessageOf(m.clientId);
  if (csat)
    return (
      <>
        <Tag color={"score" in csat ? "gold" : "purple"} style={{ marginBottom: 4 }}>
          {"score" in csat ? `Survey answer · rated ${csat.score} of 5` : "Satisfaction survey"}
        </Tag>
        <div style={{ whiteSpace: "pre-line" }}>{m.text}</div>
        {m.status === "failed" && (
          // The bubble's own text colour (red text fails contrast on the dark theme's bubble); the icon marks it.
          <div style={{ marginTop: 4 }}>
            <ExclamationCircleOutlined aria-hidden style={{ color: "#cf1322", marginInlineEnd: 6 }} />
            <strong>Survey not sent</strong>
            {m.error ? `: ${m.error}` : ""}
          </div>
        )}
      </>
    );
  // A stored file (an attachment, or a customer's fetched media) shows in place, with its caption below.
  if (m.attachmentId && !unavailable(m))
    return (
      <>
        <MessageMedia m={{ ...m, attachmentId: m.attachmentId }} />
        {m.text && <div>{m.text}</div>}
      </>
    );
  switch (m.messageType) {
    case "image":
      return (
        <>
          {m.mediaUrl && <Image src={m.mediaUrl} alt={m.fileName ?? "Image"} width={220} style={{ borderRadius: 6 }} />}
          {m.text && <div>{m.text}</div>}
        </>
      );
    case "document":
      return (
        <a href={m.mediaUrl ?? "#"} target="_blank" rel="noreferrer" download>
          <FileOutlined /> {m.fileName ?? "Document"}
        </a>
      );
    case "location":
      return (
        <span>
          <EnvironmentOutlined /> {m.text}
        </span>
      );
    case "template":
      return (
        <>
          <Tag color="geekblue" style={{ marginBottom: 4 }}>
            Template{m.templateName ? ` · ${m.templateName}` : ""}
          </Tag>
          <div>{m.text}</div>
        </>
      );
    default:
      return <>{m.text}</>;
  }
}

/**
 * The conversation, virtualized (react-virtuoso): only the rows in view are in the DOM, older pages are prepended
 * without moving what the reader looks at (firstItemIndex), and new messages follow only when the reader is at the
 * bottom; otherwise a "New messages" pill offers the way down.
 */
export function MessageList(props: {
  messages: readonly ChatMessage[];
  firstItemIndex: number;
  hasOlder: boolean;
  loading: boolean;
  onLoadOlder: () => Promise<void>;
  onRetry: (m: ChatMessage) => void;
}) {
  const { token } = theme.useToken();
  const ref = useRef<VirtuosoHandle>(null);
  const [atBottom, setAtBottom] = useState(true);
  const [unseen, setUnseen] = useState(0);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const last = props.messages[props.messages.length - 1];
  const lastKey = last ? (last.clientId ?? last._id) : null;
  const seenLast = useRef(lastKey);
  // A new last message while the reader is scrolled up counts for the pill (an older page changes the first, not the
  // last).
  useEffect(() => {
    if (lastKey === seenLast.current) return;
    seenLast.current = lastKey;
    if (!atBottom) setUnseen((n) => n + 1);
  }, [lastKey, atBottom]);

  if (props.loading && props.messages.length === 0) return <Spin style={{ margin: "auto" }} />;

  return (
    <div style={{ position: "relative", flex: 1, minHeight: 0 }}>
      <Virtuoso
        ref={ref}
        style={{ height: "100%" }}
        data={props.messages as ChatMessage[]}
        firstItemIndex={props.firstItemIndex}
        initialTopMostItemIndex={Math.max(0, props.messages.length - 1)}
        computeItemKey={(_, m) => m.clientId ?? m._id}
        followOutput={(bottom: boolean) => (bottom ? "smooth" : false)}
        atBottomStateChange={(bottom) => {
          setAtBottom(bottom);
          if (bottom) setUnseen(0);
        }}
        startReached={() => {
          if (!props.hasOlder || loadingOlder) return;
          setLoadingOlder(true);
          void props.onLoadOlder().finally(() => setLoadingOlder(false));
        }}
        // The header keeps one height whether or not it shows the spinner: a changing height would move the messages.
        components={{
          Header: () => (
            <div style={{ height: 32, display: "flex", alignItems: "center", justifyContent: "center" }}>
              {loadingOlder && <Spin size="small" />}
            </div>
          ),
        }}
        itemContent={(index, m) => {
          const i = index - props.firstItemIndex;
          const next = props.messages[i + 1];
          // A day's separator hangs below the last message of the day before it, so prepending an older page never
          // changes the height of a message already shown (the view would move); the oldest day gets its own on top.
          const dayAfter =
            next && new Date(next.createdAt).toDateString() !== new Date(m.createdAt).toDateString()
              ? next.createdAt
              : null;
          const dayAbove = i === 0 && !props.hasOlder ? m.createdAt : null;
          const mine = m.direction !== "in";
          const note = m.direction === "note";
          const separator = (iso: string) => (
            <div style={{ textAlign: "center", margin: "10px 0" }}>
              <Tag bordered={false}>{dayLabel(iso)}</Tag>
            </div>
          );
          return (
            <div style={{ padding: "2px 16px" }} data-message={m._id}>
              {dayAbove && separator(dayAbove)}
              <div style={{ display: "flex", justifyContent: mine ? "flex-end" : "flex-start" }}>
                <div
                  style={{
                    maxWidth: "72%",
                    padding: "6px 10px",
                    borderRadius: 10,
                    whiteSpace: "pre-wrap",
                    wordBreak: "break-word",
                    background: note ? "#fff7e6" : mine ? token.colorPrimaryBg : token.colorBgContainer,
                    border: note ? "1px dashed #ffc069" : `1px solid ${token.colorBorderSecondary}`,
                    color: note ? "#613400" : undefined,
                  }}
                >
                  {note && (
                    <Typography.Text style={{ fontSize: 11, color: "#ad6800", display: "block" }}>
                      Internal note — only your team sees this{m.authorName ? ` · ${m.authorName}` : ""}
                    </Typography.Text>
                  )}
                  <Body m={m} />
                  <SentLinks links={m.links} />
                  <div
                    style={{
                      fontSize: 11,
                      color: token.colorTextSecondary,
                      display: "flex",
                      gap: 6,
                      justifyContent: "flex-end",
                      alignItems: "center",
                    }}
                  >
                    {mine && !note && m.authorName && (
                      <span>{m.campaignId ? `Campaign · ${m.authorName}` : m.authorName}</span>
                    )}
                    <span>{timeOf(m.createdAt)}</span>
                    {!note && mine && <DeliveryTicks status={m.status} error={m.error} />}
                    {m.status === "failed" && m._id.startsWith("local:") && (
                      <Button
                        size="small"
                        type="link"
                        danger
                        onClick={() => props.onRetry(m)}
                        style={{ padding: 0, height: "auto" }}
                      >
                        Retry
                      </Button>
                    )}
                  </div>
                </div>
              </div>
              {dayAfter && separator(dayAfter)}
            </div>
          );
        }}
      />
      {unseen > 0 && !atBottom && (
        <Button
          type="primary"
          shape="round"
          size="small"
          style={{ position: "absolute", bottom: 12, left: "50%", transform: "translateX(-50%)" }}
          onClick={() => ref.current?.scrollToIndex({ index: "LAST", behavior: "smooth" })}
        >
          {unseen} new {unseen === 1 ? "message" : "messages"} ↓
        </Button>
      )}
    </div>
  );
}
