import { Card, Flex, Progress, Skeleton, Typography } from "antd";
import { normalizeRole, ROLE_AREAS, type Role } from "../../../../contract";
import type { UserRecord } from "../../../api";
import { formatCount } from "../../../shell/format";
import { percentOf, statusBreakdown } from "./status-totals";

export interface AccountBreakdownCardProps {
  users: readonly UserRecord[];
  /** All accounts in scope; may exceed the sample the breakdown is computed from. */
  total: number;
  loading: boolean;
}

/** Active versus suspended accounts, and how they split by role. */
export function AccountBreakdownCard({ users, total, loading }: AccountBreakdownCardProps) {
  const { active, suspended } = statusBreakdown(users);
  const byRole = new Map<Role, number>();
  for (const u of users) {
    const r = normalizeRole(u.type);
    if (r) byRole.set(r, (byRole.get(r) ?? 0) + 1);
  }
  const sampled = users.length;
  return (
    <Card title="Account status" style={{ height: "100%" }}>
      {loading ? (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      ) : sampled === 0 ? (
        <Typography.Text type="secondary">No accounts yet.</Typography.Text>
      ) : (
        <Flex vertical gap={16}>
          <Flex gap={24} align="center">
            <Progress
              type="circle"
              size={96}
              percent={percentOf(active, sampled)}
              format={(p) => `${Math.round(p ?? 0)}%`}
              strokeColor="#22c55e"
              aria-label="Share of active accounts"
            />
            <Flex vertical gap={4}>
              <Typography.Text>
                <Typography.Text strong>{formatCount(active)}</Typography.Text> active
              </Typography.Text>
              <Typography.Text>
                <Typography.Text strong type={suspended > 0 ? "danger" : undefined}>
                  {formatCount(suspended)}
                </Typography.Text>{" "}
                suspended
              </Typography.Text>
            </Flex>
          </Flex>
          <Flex vertical gap={6}>
            {[...byRole].map(([role, n]) => (
              <Flex key={role} justify="space-between">
                <Typography.Text type="secondary">{ROLE_AREAS[role].label}</Typography.Text>
                <Typography.Text>{formatCount(n)}</Typography.Text>
              </Flex>
            ))}
          </Flex>
          {total > sampled && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Based on the {formatCount(sampled)} most recent of {formatCount(total)} accounts.
            </Typography.Text>
          )}
        </Flex>
      )}
    </Card>
  );
}
