import { Collapse, Tooltip, Typography } from "antd";
import { NODE_SPECS, NODE_TYPES, type NodeKind, type NodeType } from "../../../../contract/domain/workflow-nodes";
import { KIND_STYLE } from "./step-node";

const GROUPS: { kind: NodeKind; title: string }[] = [
  { kind: "trigger", title: "Triggers" },
  { kind: "condition", title: "Conditions" },
  { kind: "flow", title: "Flow" },
  { kind: "action", title: "Actions" },
];

export const DRAG_TYPE = "application/x-workflow-step";

/** The steps one can add: drag one onto the canvas, or press Enter on it to add it below the others. */
export function Palette({ onAdd }: { onAdd: (type: NodeType) => void }) {
  return (
    <Collapse
      size="small"
      bordered={false}
      defaultActiveKey={GROUPS.map((g) => g.kind)}
      style={{ background: "transparent" }}
      items={GROUPS.map((g) => ({
        key: g.kind,
        label: <Typography.Text strong>{g.title}</Typography.Text>,
        children: NODE_TYPES.filter((t) => NODE_SPECS[t].kind === g.kind).map((t) => (
          <Tooltip
            key={t}
            title={NODE_SPECS[t].help + (NODE_SPECS[t].needsAi ? " (needs the AI agent hub)" : "")}
            placement="right"
            mouseEnterDelay={0.7}
          >
            <div
              role="button"
              tabIndex={0}
              draggable
              aria-label={`Add ${NODE_SPECS[t].label}`}
              data-testid={`palette-${t}`}
              onDragStart={(e) => {
                e.dataTransfer.setData(DRAG_TYPE, t);
                e.dataTransfer.effectAllowed = "move";
              }}
              onDoubleClick={() => onAdd(t)}
              onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), onAdd(t))}
              style={{
                display: "flex",
                alignItems: "center",
                gap: 8,
                padding: "5px 8px",
                marginBottom: 4,
                borderRadius: 6,
                cursor: "grab",
                border: "1px solid var(--ant-color-border-secondary, #f0f0f0)",
                borderLeft: `3px solid ${KIND_STYLE[g.kind].color}`,
                fontSize: 13,
              }}
            >
              <span style={{ color: KIND_STYLE[g.kind].color }} aria-hidden>
                {KIND_STYLE[g.kind].icon}
              </span>
              <span style={{ flex: 1 }}>{NODE_SPECS[t].label}</span>
            </div>
          </Tooltip>
        )),
      }))}
    />
  );
}
