import { CheckCircleOutlined } from "@ant-design/icons";
import { List, Tag, Typography } from "antd";
import type { GraphProblem } from "../../../../contract/domain/workflow-graph";

/**
 * The draft's problems from the shared graph checks: errors block publishing, warnings do not. Click one to go to its
 * step.
 */
export function ProblemList({ problems, onPick }: { problems: GraphProblem[]; onPick: (nodeId: string) => void }) {
  if (problems.length === 0) {
    return (
      <Typography.Text type="success">
        <CheckCircleOutlined /> No problems: ready to publish.
      </Typography.Text>
    );
  }
  const errors = problems.filter((p) => p.severity === "error").length;
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Problems ({errors} error{errors === 1 ? "" : "s"}, {problems.length - errors} warning
        {problems.length - errors === 1 ? "" : "s"})
      </Typography.Title>
      <List
        size="small"
        dataSource={problems}
        aria-label="Problems"
        renderItem={(p) => (
          <List.Item
            style={{ cursor: p.nodeId ? "pointer" : undefined, padding: "6px 0" }}
            onClick={() => p.nodeId && onPick(p.nodeId)}
            tabIndex={p.nodeId ? 0 : undefined}
            onKeyDown={(e) => e.key === "Enter" && p.nodeId && onPick(p.nodeId)}
          >
            <span style={{ fontSize: 13 }}>
              <Tag color={p.severity === "error" ? "red" : "gold"}>{p.severity}</Tag>
              {p.message}
            </span>
          </List.Item>
        )}
      />
    </>
  );
}
