import { ClearOutlined, SendOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Collapse, Empty, Flex, Input, Space, Tag, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import type { CallReply } from "../../../../contract";
import { HANDOFF_REASON_TEXT } from "../../../../contract/domain/ai";
import { percent } from "./labels";
import type { AgentApi, AgentRecord } from "./use-agent";

type Answer = CallReply<"ai.agents.playground">["data"];
interface Turn {
  id: number;
  question: string;
  answer: Answer | null;
  error?: string;
}

function Details({ a }: { a: Answer }) {
  return (
    <Space direction="vertical" size={4} style={{ width: "100%", marginTop: 6 }}>
      <Space wrap size={4}>
        {a.outcome === "handoff" ? (
          <Tag color="orange">
            Handed over: {a.handoffReason ? HANDOFF_REASON_TEXT[a.handoffReason] : "it could not answer"}
          </Tag>
        ) : (
          <Tag color="green">Answered</Tag>
        )}
        <Tag>{a.intent ? `intent ${a.intent}` : "no intent"}</Tag>
        <Tag>confidence {percent(a.confidence)}</Tag>
        <Tag color={a.engine === "model" ? "purple" : "blue"}>
          {a.engine === "model" ? "written by the model" : "quoted from knowledge"}
        </Tag>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {a.tookMs} ms
        </Typography.Text>
      </Space>
      {a.sources.length > 0 && (
        <Collapse
          size="small"
          items={[
            {
              key: "sources",
              label: `Passages used (${a.sources.length})`,
              children: a.sources.map((s) => (
                <div key={s.passageId} style={{ marginBottom: 8 }}>
                  <Typography.Text strong>{s.title}</Typography.Text>{" "}
                  <Typography.Text type="secondary">score {s.score}</Typography.Text>
                  <Typography.Paragraph type="secondary" style={{ marginBottom: 0, fontSize: 13 }}>
                    {s.content}
                  </Typography.Paragraph>
                </div>
              )),
            },
          ]}
        />
      )}
      {a.top.length > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Top intents: {a.top.map((t) => `${t.intent} ${t.score.toFixed(2)}`).join(" · ")}
        </Typography.Text>
      )}
    </Space>
  );
}

const bubble = (mine: boolean) =>
  ({
    maxWidth: "80%",
    alignSelf: mine ? "flex-end" : "flex-start",
    background: mine ? "#e6f4ff" : "rgba(0,0,0,0.04)",
    borderRadius: 12,
    padding: "8px 12px",
  }) as const;

/** Talk to the agent as a customer would, and see what it used for each answer; nothing is sent to anyone. */
export function PlaygroundTab({ agent, api }: { agent: AgentRecord; api: AgentApi }) {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  // A block body: newer browsers' scrollIntoView returns a promise, which React would take for a cleanup and call.
  useEffect(() => {
    void end.current?.scrollIntoView?.({ block: "end" });
  }, [turns]);

  const ask = async () => {
    const question = text.trim();
    if (!question || busy) return;
    const id = Date.now();
    setTurns((t) => [...t, { id, question, answer: null }]);
    setText("");
    setBusy(true);
    try {
      const res = await api.call("ai.agents.playground", {
        body: { message: question },
        params: { id: agent._id },
        quiet: true,
      });
      setTurns((t) => t.map((x) => (x.id === id ? { ...x, answer: res.data } : x)));
    } catch (err) {
      setTurns((t) =>
        t.map((x) =>
          x.id === id ? { ...x, error: err instanceof Error ? err.message : "The agent did not answer" } : x,
        ),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      size="small"
      title="Playground"
      extra={
        <Button icon={<ClearOutlined />} disabled={!turns.length} onClick={() => setTurns([])}>
          Clear
        </Button>
      }
      styles={{ body: { display: "flex", flexDirection: "column", gap: 12 } }}
    >
      {!agent.enabled && (
        <Alert type="info" showIcon message="This agent is switched off: it answers here, but not your customers." />
      )}
      <Flex vertical gap={10} style={{ minHeight: 280, maxHeight: 520, overflowY: "auto" }} aria-live="polite">
        {turns.length === 0 && (
          <Empty
            description={`Ask ${agent.name} what a customer would. You see its answer, the intent it chose and the passages it used.`}
          />
        )}
        {turns.map((t) => (
          <Flex vertical gap={6} key={t.id}>
            <div style={bubble(true)}>{t.question}</div>
            <div style={bubble(false)}>
              {t.error ? (
                <Typography.Text type="danger">{t.error}</Typography.Text>
              ) : t.answer ? (
                <>
                  <Typography.Text style={{ whiteSpace: "pre-wrap" }}>{t.answer.reply}</Typography.Text>
                  <Details a={t.answer} />
                </>
              ) : (
                <Typography.Text type="secondary">…</Typography.Text>
              )}
            </div>
          </Flex>
        ))}
        <div ref={end} />
      </Flex>
      <Space.Compact style={{ width: "100%" }}>
        <Input
          aria-label="Message to the agent"
          placeholder="Ask as a customer…"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={() => void ask()}
        />
        <Button type="primary" icon={<SendOutlined />} loading={busy} onClick={() => void ask()}>
          Ask
        </Button>
      </Space.Compact>
    </Card>
  );
}
