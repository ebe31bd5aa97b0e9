import {
  ApiOutlined,
  BranchesOutlined,
  ClockCircleOutlined,
  ExclamationCircleFilled,
  ThunderboltOutlined,
  WarningFilled,
} from "@ant-design/icons";
import { Handle, Position, type NodeProps } from "@xyflow/react";
import { Tooltip, Typography, theme } from "antd";
import type { ReactNode } from "react";
import { NODE_SPECS, type NodeKind } from "../../../../contract/domain/workflow-nodes";
import { NODE_WIDTH, type StepNode as StepNodeType } from "./flow-model";
import { STEP_COLOR } from "./labels";

export const KIND_STYLE: Record<NodeKind, { color: string; icon: ReactNode; name: string }> = {
  trigger: { color: "#fa8c16", icon: <ThunderboltOutlined />, name: "Trigger" },
  condition: { color: "#13c2c2", icon: <BranchesOutlined />, name: "Condition" },
  flow: { color: "#722ed1", icon: <ClockCircleOutlined />, name: "Flow" },
  action: { color: "#1677ff", icon: <ApiOutlined />, name: "Action" },
};

/**
 * One step on the canvas: its kind's colour, its label and name, an input (not for triggers) and one handle per output.
 */
export function StepNode({ id, data, selected }: NodeProps<StepNodeType>) {
  const { token } = theme.useToken();
  const spec = NODE_SPECS[data.type];
  const kind = KIND_STYLE[spec.kind];
  const errors = data.problems?.filter((p) => p.severity === "error") ?? [];
  const warnings = data.problems?.filter((p) => p.severity === "warning") ?? [];
  const ring = data.status
    ? STEP_COLOR[data.status as keyof typeof STEP_COLOR]
    : selected
      ? "#1677ff"
      : errors.length
        ? "#ff4d4f"
        : "#d9d9d9";
  return (
    <div
      data-testid={`step-${id}`}
      style={{
        width: NODE_WIDTH,
        background: token.colorBgContainer,
        borderRadius: 8,
        border: `${data.status || selected ? 2 : 1}px solid ${ring}`,
        boxShadow: selected ? "0 2px 10px rgba(22,119,255,.25)" : "0 1px 3px rgba(0,0,0,.08)",
        opacity: data.status === "skipped" ? 0.75 : 1,
      }}
    >
      {spec.kind !== "trigger" && <Handle type="target" position={Position.Top} />}
      <div
        style={{
          display: "flex",
          alignItems: "center",
          gap: 8,
          padding: "8px 10px",
          borderLeft: `4px solid ${kind.color}`,
          borderRadius: 8,
        }}
      >
        <span style={{ color: kind.color, fontSize: 16 }} aria-hidden>
          {kind.icon}
        </span>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Typography.Text strong ellipsis style={{ display: "block", fontSize: 13 }}>
            {data.label || spec.label}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ display: "block", fontSize: 11 }}>
            {id} · {spec.label}
          </Typography.Text>
        </div>
        {errors.length > 0 && (
          <Tooltip title={errors.map((p) => p.message).join("\n")}>
            <ExclamationCircleFilled style={{ color: "#ff4d4f" }} aria-label={`${errors.length} problems`} />
          </Tooltip>
        )}
        {errors.length === 0 && warnings.length > 0 && (
          <Tooltip title={warnings.map((p) => p.message).join("\n")}>
            <WarningFilled style={{ color: "#faad14" }} aria-label={`${warnings.length} warnings`} />
          </Tooltip>
        )}
      </div>
      {spec.outputs.length > 0 && (
        <div
          style={{
            display: "flex",
            justifyContent: "space-around",
            fontSize: 10,
            color: token.colorTextTertiary,
            paddingBottom: spec.outputs.length > 1 ? 2 : 0,
          }}
        >
          {spec.outputs.length > 1 && spec.outputs.map((o) => <span key={o}>{o}</span>)}
        </div>
      )}
      {spec.outputs.map((o, i) => (
        <Handle
          key={o}
          id={o}
          type="source"
          position={Position.Bottom}
          style={{ left: `${((i + 1) / (spec.outputs.length + 1)) * 100}%` }}
          title={o}
        />
      ))}
    </div>
  );
}

export const NODE_TYPES_MAP = { step: StepNode };
