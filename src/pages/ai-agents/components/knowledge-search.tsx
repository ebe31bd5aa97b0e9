import { SearchOutlined } from "@ant-design/icons";
import { Alert, Card, Empty, Input, List, Progress, Space, Tag, Typography } from "antd";
import type { useKnowledge } from "./use-knowledge";

/** "Which passages would answer this?": the ranked passages for a question, as the agent would see them. */
export function KnowledgeSearch({ k }: { k: ReturnType<typeof useKnowledge> }) {
  return (
    <Card
      size="small"
      title={
        <Space>
          <SearchOutlined />
          Try a question
        </Space>
      }
      extra={
        k.mode && (
          <Tag color={k.mode === "hybrid" ? "purple" : "blue"}>
            {k.mode === "hybrid" ? "full text + embeddings" : "full-text search"}
          </Tag>
        )
      }
    >
      <Input.Search
        aria-label="Search the knowledge"
        placeholder="How long does delivery take?"
        enterButton="Search"
        allowClear
        onSearch={k.ask}
        loading={k.searching}
      />
      {k.searchError && (
        <Alert
          type="error"
          showIcon
          message="Search failed"
          description={k.searchError.message}
          style={{ marginTop: 12 }}
        />
      )}
      {k.question && !k.searchError && (
        <List
          style={{ marginTop: 8 }}
          loading={k.searching}
          dataSource={k.hits}
          header={
            k.tookMs !== null && (
              <Typography.Text type="secondary">
                {k.hits.length} passage(s) ranked in {k.tookMs} ms
              </Typography.Text>
            )
          }
          locale={{
            emptyText: (
              <Empty description="No passage shares a word with that question: the agent would hand it over. Add knowledge that answers it." />
            ),
          }}
          renderItem={(hit, index) => (
            <List.Item>
              <Space direction="vertical" size={2} style={{ width: "100%" }}>
                <Space wrap>
                  <Tag color={index === 0 ? "green" : "default"}>#{index + 1}</Tag>
                  <Typography.Text strong>{hit.title}</Typography.Text>
                  {hit.intent && <Tag>{hit.intent}</Tag>}
                  <Typography.Text type="secondary">score {hit.score}</Typography.Text>
                </Space>
                <Typography.Paragraph
                  ellipsis={{ rows: 3, expandable: true, symbol: "more" }}
                  style={{ marginBottom: 0 }}
                >
                  {hit.content}
                </Typography.Paragraph>
                <Space size={6} style={{ fontSize: 12 }}>
                  <Typography.Text type="secondary">covers</Typography.Text>
                  <Progress percent={Math.round(hit.coverage * 100)} size="small" style={{ width: 140, margin: 0 }} />
                  {hit.vectorScore !== null && (
                    <Typography.Text type="secondary">similarity {hit.vectorScore}</Typography.Text>
                  )}
                </Space>
              </Space>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
