import { Alert, Empty, Segmented, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import type { CallReply } from "../../../../contract";
import type { AiOutcome } from "../../../../contract/domain/ai";
import { useCall } from "../../../api";
import { formatDateTime } from "../../../shell/format";
import { percent } from "./labels";

type Row = CallReply<"ai.agents.answers">["data"][number];
const OUTCOME_COLOR: Record<AiOutcome, string> = {
  answered: "green",
  handoff: "orange",
  skipped: "default",
  failed: "red",
};
const OUTCOME_LABEL: Record<AiOutcome, string> = {
  answered: "Answered",
  handoff: "Handed over",
  skipped: "Skipped",
  failed: "Failed",
};

/**
 * Every answer the agent gave, newest first: the question, the reply, the intent and confidence, and the passages
 * cited.
 */
export function AnswersTab({ agentId }: { agentId: string }) {
  const [page, setPage] = useState(1);
  const [outcome, setOutcome] = useState<AiOutcome | "all">("all");
  const { query } = useCall(
    "ai.agents.answers",
    { params: { id: agentId }, query: { page, limit: 20, ...(outcome === "all" ? {} : { outcome }) } },
    { errorNotification: false },
  );
  const reply = query.data?.data;
  return (
    <>
      <Segmented
        value={outcome}
        onChange={(v) => {
          setOutcome(v as AiOutcome | "all");
          setPage(1);
        }}
        options={[
          { value: "all", label: "All" },
          { value: "answered", label: "Answered" },
          { value: "handoff", label: "Handed over" },
          { value: "skipped", label: "Skipped" },
        ]}
        style={{ marginBottom: 12 }}
      />
      {query.error && (
        <Alert
          type="error"
          showIcon
          message="Could not load the answers"
          description={query.error.message}
          style={{ marginBottom: 12 }}
        />
      )}
      <Table<Row>
        rowKey="_id"
        size="middle"
        loading={query.isFetching}
        dataSource={reply?.data ?? []}
        scroll={{ x: 1100 }}
        pagination={{
          current: page,
          pageSize: 20,
          total: reply?.count ?? 0,
          onChange: setPage,
          showTotal: (n) => `${n} answers`,
        }}
        locale={{
          emptyText: (
            <Empty description="No answers yet. Customers' messages in Conversations, and questions in the Playground, are logged here." />
          ),
        }}
        columns={[
          { title: "When", dataIndex: "createdAt", width: 170, render: (v: string) => formatDateTime(v) },
          {
            title: "Customer",
            dataIndex: "customerNumber",
            width: 150,
            render: (v: string | null, r) => (r.playground ? <Tag>Playground</Tag> : (v ?? "—")),
          },
          {
            title: "Asked",
            dataIndex: "question",
            width: 240,
            render: (v: string) => (
              <Typography.Paragraph ellipsis={{ rows: 2, tooltip: v }} style={{ marginBottom: 0 }}>
                {v}
              </Typography.Paragraph>
            ),
          },
          {
            title: "Reply",
            dataIndex: "reply",
            render: (v: string) => (
              <Typography.Paragraph ellipsis={{ rows: 2, tooltip: v }} style={{ marginBottom: 0 }}>
                {v}
              </Typography.Paragraph>
            ),
          },
          {
            title: "Outcome",
            dataIndex: "outcome",
            width: 130,
            render: (v: AiOutcome, r) => (
              <Space direction="vertical" size={0}>
                <Tag color={OUTCOME_COLOR[v]}>{OUTCOME_LABEL[v]}</Tag>
                {r.reason && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {r.reason}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: "Intent",
            dataIndex: "intent",
            width: 150,
            render: (v: string | null, r) => (
              <Space direction="vertical" size={0}>
                <span>{v ?? "—"}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {percent(r.confidence)}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: "Sources",
            dataIndex: "sources",
            width: 200,
            render: (s: Row["sources"]) => (s.length ? s.map((x) => <Tag key={x.passageId}>{x.title}</Tag>) : "—"),
          },
        ]}
      />
    </>
  );
}
