import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  MinusCircleOutlined,
  StopOutlined,
} from "@ant-design/icons";
import { Flex, Tag, Tooltip, Typography } from "antd";
import type { ReactNode } from "react";
import type { RcsLaunchState } from "../../../../contract/domain/rcs-bots";
import type { BotRecord } from "../bot-schemas";

const STATE_META: Record<RcsLaunchState, { color: string; label: string; icon: ReactNode }> = {
  UNLAUNCHED: { color: "default", label: "Not launched", icon: <MinusCircleOutlined /> },
  PENDING: { color: "processing", label: "Pending", icon: <ClockCircleOutlined /> },
  LAUNCHED: { color: "success", label: "Launched", icon: <CheckCircleFilled /> },
  REJECTED: { color: "error", label: "Rejected", icon: <CloseCircleFilled /> },
  SUSPENDED: { color: "warning", label: "Suspended", icon: <StopOutlined /> },
};

/** The bot's launch state on each carrier, one row each; a rejection's reason shows on hover and below. */
export function LaunchTags({ launch }: { launch: BotRecord["launch"] }) {
  const reasons = launch.filter((l) => l.reason);
  return (
    <div>
      <Flex vertical gap={4}>
        {launch.map((l) => {
          const meta = STATE_META[l.state];
          const tag = (
            <Tag color={meta.color} icon={meta.icon} style={{ marginInlineEnd: 0 }}>
              {meta.label}
            </Tag>
          );
          return (
            <Flex key={l.carrier} justify="space-between" align="center" data-testid={`launch-${l.carrier}`}>
              <Typography.Text style={{ fontSize: 13 }}>{l.carrier}</Typography.Text>
              {l.reason ? <Tooltip title={l.reason}>{tag}</Tooltip> : tag}
            </Flex>
          );
        })}
      </Flex>
      {reasons.map((l) => (
        <Typography.Text key={l.carrier} type="danger" style={{ display: "block", fontSize: 12, marginTop: 6 }}>
          {l.carrier}: {l.reason}
        </Typography.Text>
      ))}
    </div>
  );
}

/** Carriers still deciding: the page polls while there are any. */
export const isSettling = (bots: readonly BotRecord[]) =>
  bots.some((b) => b.providerBotId && b.launch.some((l) => l.state === "PENDING" || l.state === "UNLAUNCHED"));
