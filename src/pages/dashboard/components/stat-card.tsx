import { Statistic, Typography } from "antd";
import type { ReactNode } from "react";
import { Panel } from "./panel";

export interface StatCardProps {
  title: string;
  value: string | number;
  icon: ReactNode;
  loading?: boolean;
  hint?: ReactNode;
}

/**
 * The figure's block keeps the taller of its two states (antd's loading skeleton is 66 px, the figure 61), and the hint
 * two lines, from the first paint on: the cards grew when the figures arrived and pushed the whole dashboard down
 * (most of its layout shift, issue 38).
 */
const FIGURE_HEIGHT = 66;
const HINT_LINE = 20;

/** A figure with its icon on one line (22 px: a balance of lakhs fits a quarter-width card), and a hint under it. */
export function StatCard({ title, value, icon, loading, hint }: StatCardProps) {
  return (
    <Panel>
      <div style={{ minHeight: FIGURE_HEIGHT }}>
        <Statistic
          title={title}
          value={value}
          prefix={icon}
          loading={loading}
          valueStyle={{ fontVariantNumeric: "tabular-nums", fontSize: 22, whiteSpace: "nowrap" }}
        />
      </div>
      <Typography.Text
        type="secondary"
        style={{ fontSize: 12, lineHeight: `${HINT_LINE}px`, display: "block", marginTop: 6, minHeight: 2 * HINT_LINE }}
      >
        {hint}
      </Typography.Text>
    </Panel>
  );
}
