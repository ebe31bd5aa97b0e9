import { ArrowLeftOutlined, InfoCircleOutlined, ReloadOutlined, UserAddOutlined } from "@ant-design/icons";
import { Alert, Button, Empty, Flex, Grid, Typography, theme } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { MSG, type CallReply } from "../../../contract";
import { toast } from "../../components/toast";
import { useRealtimeConnected } from "../../providers/realtime-connection";
import { useIsMobile } from "../../shell/sidebar/use-is-mobile";
import { useChatCall } from "./components/inbox/calls";
import { ChannelTag } from "./components/inbox/channel-tag";
import { Composer } from "./components/inbox/composer";
import { ConversationList, type ListFilters } from "./components/inbox/conversation-list";
import { DetailsPanel } from "./components/inbox/details-panel";
import { MessageList } from "./components/inbox/message-list";
import { useConversations } from "./components/inbox/use-conversations";
import { useLabels } from "./components/inbox/use-labels";
import { useWindowLeft } from "./components/inbox/use-window-left";
import { useTeam } from "./components/inbox/use-team";
import { useThread } from "./components/inbox/use-thread";
import { InboxHeader } from "./components/inbox/inbox-header";
import { ShortcutSheet } from "./components/inbox/shortcut-sheet";
import { commandComposer, useInboxKeys } from "./components/inbox/use-inbox-keys";

type Customer = CallReply<"chats.get">["customer"];
type Conversation = CallReply<"chats.get">["data"];

/**
 * The live chat inbox: conversations | the open conversation | the customer's details. Messages arrive and go out
 * over the tab's socket; on a phone-sized screen the list and the conversation are two screens. Single keys (? lists
 * them: inbox-keys.ts) move between conversations, resolve, assign and drive the composer.
 */
export function ConversationsList() {
  const { token } = theme.useToken();
  const isMobile = useIsMobile();
  // The details pane opens by itself on wide screens; on narrower ones it is a toggle, so the conversation keeps room.
  const wide = Boolean(Grid.useBreakpoint().xxl);
  const [detailsOpen, setDetailsOpen] = useState<boolean | null>(null);
  const showDetails = detailsOpen ?? wide;
  const connected = useRealtimeConnected();
  const call = useChatCall();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get("chat");
  const [filters, setFilterState] = useState<ListFilters>(() => ({
    channel: "all",
    scope: "all",
    status: "open",
    q: "",
    unread: false,
    ...(params.get("sort") === "slaDue" && { sort: "slaDue" as const }),
  }));
  // The order is kept in the URL (sort=slaDue; the default, newest activity, is none), so a reload or a shared link
  // opens the list in it. The open conversation's param stays as it is.
  const setFilters = useCallback(
    (next: ListFilters) => {
      setFilterState(next);
      setParams(
        (prev) => {
          const url = new URLSearchParams(prev);
          if (next.sort === "slaDue") url.set("sort", "slaDue");
          else url.delete("sort");
          return url;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  const list = useConversations(filters);
  const team = useTeam();
  const labels = useLabels();
  const [detail, setDetail] = useState<{ data: Conversation; customer: Customer; dltTemplatesOnly: boolean } | null>(
    null,
  );
  const [detailError, setDetailError] = useState<string | null>(null);
  const conversation =
    detail?.data._id === selectedId ? detail.data : (list.items.find((c) => c._id === selectedId) ?? null);
  const thread = useThread(conversation);
  const windowLeft = useWindowLeft(conversation);

  const select = useCallback(
    (id: string | null) =>
      setParams(
        (prev) => {
          const url = new URLSearchParams(prev);
          if (id) url.set("chat", id);
          else url.delete("chat");
          return url;
        },
        { replace: false },
      ),
    [setParams],
  );

  const loadDetail = useCallback(() => {
    if (!selectedId) return;
    setDetailError(null);
    call("chats.get", { params: { id: selectedId } }).then(
      (r) => setDetail({ data: r.data, customer: r.customer, dltTemplatesOnly: r.dltTemplatesOnly }),
      (e: unknown) => setDetailError(e instanceof Error ? e.message : String(e)),
    );
  }, [selectedId, call]);
  useEffect(loadDetail, [loadDetail]);
  // The open conversation's record follows the list (new messages move its window and unread count).
  const listed = list.items.find((c) => c._id === selectedId);
  useEffect(() => {
    if (listed) setDetail((d) => (d && d.data._id === listed._id ? { ...d, data: listed } : d));
  }, [listed]);

  const [keysOpen, setKeysOpen] = useState(false);
  useInboxKeys((action) => {
    const index = list.items.findIndex((c) => c._id === selectedId);
    if (action === "next" || action === "previous") {
      const next = list.items[action === "next" ? index + 1 : Math.max(0, index - 1)];
      if (next) select(next._id);
      return Boolean(next);
    }
    if (action === "help") setKeysOpen(true);
    else if (action === "search")
      document.querySelector<HTMLInputElement>("input[aria-label='Search conversations']")?.focus();
    else if (!conversation) return false;
    else if (action === "resolve" && conversation.status === "open") void act("chats.resolve");
    else if (action === "assignToMe" && team.me && conversation.assignedAgentId !== team.me._id)
      void act("chats.assign", { agentId: team.me._id });
    else if (action === "reply" || action === "toggleNote" || action === "canned") commandComposer(action);
    else return false;
    return true;
  });

  const act = async (callId: "chats.resolve" | "chats.reopen" | "chats.assign", body?: unknown) => {
    if (!selectedId) return;
    try {
      const r = await call(callId, { params: { id: selectedId }, method: "post", body });
      setDetail((d) => (d ? { ...d, data: r.data } : d));
    } catch (e) {
      toast.error(e instanceof Error ? e.message : MSG.somethingWrong);
    }
    list.refetch();
  };

  const showList = !isMobile || !selectedId;
  const showThread = !isMobile || Boolean(selectedId);
  const border = `1px solid ${token.colorBorderSecondary}`;

  return (
    <Flex vertical style={{ height: "calc(100vh - 150px)", minHeight: 480 }}>
      <InboxHeader connected={connected} onShortcuts={() => setKeysOpen(true)} />
      {list.error && (
        <Alert
          type="error"
          showIcon
          message="Could not load conversations"
          description={list.error.message}
          action={
            <Button icon={<ReloadOutlined />} onClick={list.refetch}>
              Retry
            </Button>
          }
          style={{ marginBottom: 8 }}
        />
      )}
      <Flex
        style={{
          flex: 1,
          minHeight: 0,
          background: token.colorBgContainer,
          border,
          borderRadius: token.borderRadiusLG,
          overflow: "hidden",
        }}
      >
        {showList && (
          <div style={{ width: isMobile ? "100%" : 320, borderInlineEnd: border, minHeight: 0 }}>
            <ConversationList
              filters={filters}
              onFilters={setFilters}
              unread={list.unread}
              items={list.items}
              loading={list.loading}
              selected={selectedId}
              onSelect={select}
              labels={labels.labels}
              members={team.members}
              owner={!team.me}
              relabel={(ids, label, add) => labels.relabel(ids, add ? [label] : [], add ? [] : [label])}
              relabelling={labels.busy}
            />
          </div>
        )}
        {showThread && (
          <Flex vertical style={{ flex: 1, minWidth: 0, minHeight: 0, background: token.colorBgLayout }}>
            {!conversation ? (
              detailError ? (
                <Empty style={{ margin: "auto" }} description={detailError} />
              ) : (
                <Empty style={{ margin: "auto" }} description="Choose a conversation to read and reply" />
              )
            ) : (
              <>
                <Flex
                  align="center"
                  gap={8}
                  style={{ padding: "10px 16px", borderBottom: border, background: token.colorBgContainer }}
                >
                  {isMobile && (
                    <Button
                      type="text"
                      icon={<ArrowLeftOutlined />}
                      aria-label="Back to conversations"
                      onClick={() => select(null)}
                    />
                  )}
                  <Typography.Text strong style={{ whiteSpace: "nowrap" }}>
                    {conversation.customerName ?? conversation.customerNumber}
                  </Typography.Text>
                  {conversation.customerName && (
                    <Typography.Text type="secondary" style={{ whiteSpace: "nowrap" }}>
                      {conversation.customerNumber}
                    </Typography.Text>
                  )}
                  <ChannelTag channel={conversation.channel} />
                  <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                    to {conversation.businessLabel}
                  </Typography.Text>
                  <Flex gap={8} align="center" style={{ marginInlineStart: "auto" }}>
                    {team.me && conversation.assignedAgentId === null && (
                      <Button
                        size="small"
                        icon={<UserAddOutlined />}
                        onClick={() => void act("chats.assign", { agentId: team.me?._id })}
                      >
                        Assign to me
                      </Button>
                    )}
                    {thread.typing && (
                      <Typography.Text type="secondary" italic style={{ fontSize: 12 }}>
                        {thread.typing} is typing…
                      </Typography.Text>
                    )}
                    {!isMobile && (
                      <Button
                        type={showDetails ? "primary" : "text"}
                        ghost={showDetails}
                        icon={<InfoCircleOutlined />}
                        aria-label="Customer details"
                        aria-pressed={showDetails}
                        onClick={() => setDetailsOpen(!showDetails)}
                      />
                    )}
                  </Flex>
                </Flex>
                {thread.error && <Alert type="error" showIcon message={thread.error} />}
                <MessageList
                  messages={thread.messages}
                  firstItemIndex={thread.firstItemIndex}
                  hasOlder={thread.hasOlder}
                  loading={thread.loading}
                  onLoadOlder={thread.loadOlder}
                  onRetry={(m) =>
                    void thread.send(
                      {
                        messageType: m.messageType,
                        messageObject: { type: m.messageType, text: { body: m.text } },
                        text: m.text,
                      },
                      m.clientId ?? undefined,
                    )
                  }
                />
                <Composer
                  conversation={conversation}
                  connected={connected}
                  windowLeftMs={windowLeft}
                  onSend={thread.send}
                  onNote={thread.addNote}
                  dltTemplatesOnly={detail?.data._id === conversation._id && detail.dltTemplatesOnly}
                />
              </>
            )}
          </Flex>
        )}
        {!isMobile && conversation && showDetails && (
          <div style={{ width: 280, borderInlineStart: border, minHeight: 0 }}>
            <DetailsPanel
              conversation={conversation}
              customer={detail?.data._id === conversation._id ? detail.customer : null}
              team={team}
              onAssign={(agentId) => void act("chats.assign", { agentId })}
              onResolve={() => void act("chats.resolve")}
              onReopen={() => void act("chats.reopen")}
              labels={labels.labels}
              onLabels={async (add, remove) => {
                const [updated] = (await labels.relabel([conversation._id], add, remove)) ?? [];
                if (updated) setDetail((d) => (d && d.data._id === updated._id ? { ...d, data: updated } : d));
              }}
            />
          </div>
        )}
      </Flex>
      <ShortcutSheet open={keysOpen} onClose={() => setKeysOpen(false)} />
    </Flex>
  );
}
