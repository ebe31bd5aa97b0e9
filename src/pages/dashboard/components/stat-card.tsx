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

/** A figure with its icon on one line (22 px: a balance of lakhs fits a quarter-width card), and a hint under it. */
export function StatCard({ title, value, icon, loading, hint }: StatCardProps) {
  return (
    <Panel>
      <Statistic
        title={title}
        value={value}
        prefix={icon}
        loading={loading}
        valueStyle={{ fontVariantNumeric: "tabular-nums", fontSize: 22, whiteSpace: "nowrap" }}
      />
      {hint && (
        <Typography.Text type="secondary" style={{ fontSize: 12, display: "block", marginTop: 6 }}>
          {hint}
        </Typography.Text>
      )}
    </Panel>
  );
}
