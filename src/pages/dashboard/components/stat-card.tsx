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

export function StatCard({ title, value, icon, loading, hint }: StatCardProps) {
  return (
    <Panel>
      <Statistic title={title} value={value} prefix={icon} loading={loading} valueStyle={{ fontVariantNumeric: "tabular-nums" }} />
      {hint && (
        <Typography.Text type="secondary" style={{ fontSize: 12, display: "block", marginTop: 6 }}>
          {hint}
        </Typography.Text>
      )}
    </Panel>
  );
}
