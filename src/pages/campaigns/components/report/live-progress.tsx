import { Flex, Tooltip, Typography } from "antd";
import type { CampaignRecord } from "../../../../../contract";
import { formatCount } from "../../../../shell/format";
import { progressSlices } from "./report-data";

/** The live bar: one coloured slice per outcome (so failures show while it runs), the rest still waiting. */
export function LiveProgress({ campaign: c, live }: { campaign: CampaignRecord; live: boolean }) {
  const slices = progressSlices(c.counts, c.total);
  const percent = Math.min(100, Math.round(c.percent * 10) / 10);
  return (
    <section aria-label="Progress">
      <Flex justify="space-between" align="baseline" style={{ marginBottom: 4 }}>
        <Typography.Text strong>
          {percent}% · {formatCount(c.total - c.counts.queued - c.counts.sending)} of {formatCount(c.total)} recipients
          done
        </Typography.Text>
        {live && <Typography.Text type="secondary">Live</Typography.Text>}
      </Flex>
      <div
        role="progressbar"
        aria-label="Campaign progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        style={{
          display: "flex",
          height: 12,
          borderRadius: 6,
          overflow: "hidden",
          background: "#f0f0f0",
          margin: "4px 0 8px",
        }}
      >
        {slices
          .filter((s) => s.key !== "pending" && s.count > 0)
          .map((s) => (
            <Tooltip key={s.key} title={`${s.label}: ${formatCount(s.count)}`}>
              <div style={{ width: `${s.percent}%`, background: s.color }} />
            </Tooltip>
          ))}
      </div>
      <Flex gap={16} wrap>
        {slices.map((s) => (
          <Typography.Text key={s.key} type="secondary" data-testid={`count-${s.key}`}>
            <span
              style={{
                display: "inline-block",
                width: 8,
                height: 8,
                borderRadius: 4,
                background: s.color,
                border: "1px solid #d9d9d9",
                marginRight: 6,
              }}
            />
            {s.label} {formatCount(s.count)}
          </Typography.Text>
        ))}
      </Flex>
    </section>
  );
}
