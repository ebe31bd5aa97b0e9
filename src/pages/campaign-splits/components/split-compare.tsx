import { TrophyOutlined } from "@ant-design/icons";
import { Alert, App, Button, Card, Descriptions, Skeleton, Table, Tag, Typography } from "antd";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import type { CampaignSplitRecord, SplitVariantRecord } from "../../../../contract/calls/campaign-splits";
import { isSignificantNote, WINNER_METRIC_LABELS } from "../../../../contract/domain/splits";
import { formatCount, formatDateTime } from "../../../shell/format";
import { reportPath } from "../../campaigns/components/campaign-table";

const MetricChart = lazy(async () => ({ default: (await import("./metric-chart")).MetricChart }));

const pct = (rate: number) => `${(rate * 100).toFixed(1)}%`;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const RATE_OF = { delivered: "delivery", replied: "reply", clicked: "click", converted: "conversion" } as const;
const CHANNEL = { sms: "SMS", rcs: "RCS", whatsapp: "WhatsApp" } as const;

/** "120 (12.0%)": a count with its rate per recipient sent. */
const withRate = (count: number, rate: number, sent: number) =>
  sent > 0 ? `${formatCount(count)} (${pct(rate)})` : formatCount(count);

/** The variant's campaign: a link to its report for the sender's own, its name for operators (who have no reports). */
function CampaignLink({ v, linked, inText = false }: { v: SplitVariantRecord; linked: boolean; inText?: boolean }) {
  return linked ? (
    // Within a sentence a link is underlined: its colour alone is too close to the text's in the dark theme.
    <Link
      to={reportPath(v.campaignId, "../")}
      relative="path"
      style={inText ? { textDecoration: "underline" } : undefined}
    >
      {v.campaignName}
    </Link>
  ) : (
    <Typography.Text>{v.campaignName}</Typography.Text>
  );
}

/** Decide now is offered while the test is testing, holds back a share for the winner and every variant started. */
const decidable = (split: CampaignSplitRecord) =>
  split.status === "testing" && split.winnerVariant === null && split.testSharePercent < 100 && split.decideAt !== null;

type Confirm = ReturnType<typeof App.useApp>["modal"]["confirm"];

/** Through the app's modal (App.useApp), so the dialog takes the console's theme (its contrast-safe primary colour). */
function confirmDecide(confirm: Confirm, split: CampaignSplitRecord, onOk: () => Promise<void>) {
  const metric = WINNER_METRIC_LABELS[split.metric];
  confirm({
    title: `Decide "${split.name}" now?`,
    content: (
      <>
        <Typography.Paragraph>
          The variant with the highest {metric} so far wins and is sent at once to the other{" "}
          {100 - split.testSharePercent}% of the audience, instead of at {formatDateTime(split.decideAt)}. This cannot
          be undone.
        </Typography.Paragraph>
        <Typography.Paragraph style={{ marginBottom: 0 }}>So far: {split.significance}.</Typography.Paragraph>
      </>
    ),
    okText: "Decide now",
    // A refusal (decided meanwhile) is shown by its own toast; the dialog closes either way.
    onOk: () => onOk().catch(() => undefined),
  });
}

/**
 * One test compared: per variant sent, delivered, replied, clicked and converted with their rates, a bar chart of the
 * chosen metric's rate, the significance note, the decide time and, once chosen, the winner and its campaign.
 */
export function SplitCompare({
  split,
  loading,
  linked,
  onDecide,
  deciding = false,
}: {
  split: CampaignSplitRecord | null;
  loading: boolean;
  linked: boolean;
  /** The sender's own: choose the winner now (the timer's decision, early). */
  onDecide?: (id: string) => Promise<void>;
  deciding?: boolean;
}) {
  const { modal } = App.useApp();
  if (loading || !split)
    return (
      <Card style={{ marginTop: 16 }}>
        <Skeleton active />
      </Card>
    );
  const metric = split.metric;
  const metricLabel = capital(WINNER_METRIC_LABELS[metric]);
  const winner = split.winnerVariant === null ? null : split.variants[split.winnerVariant];
  const rows = split.remainder ? [...split.variants, split.remainder] : split.variants;
  return (
    <Card
      style={{ marginTop: 16 }}
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          Compare: {split.name}
        </Typography.Title>
      }
      extra={
        onDecide &&
        decidable(split) && (
          <Button
            type="primary"
            icon={<TrophyOutlined />}
            loading={deciding}
            onClick={() => confirmDecide(modal.confirm, split, () => onDecide(split.id))}
          >
            Decide now
          </Button>
        )
      }
    >
      {split.statusReason && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={split.statusReason} />
      )}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: "metric", label: "Winner by", children: metricLabel },
          { key: "share", label: "Test share", children: `${split.testSharePercent}%` },
          {
            key: "decide",
            label: split.decidedAt ? "Decided" : "Decides",
            children: split.decidedAt
              ? formatDateTime(split.decidedAt)
              : split.decideAt
                ? formatDateTime(split.decideAt)
                : `${split.decideAfterHours} h after the last variant starts`,
          },
          {
            key: "winner",
            label: "Winner",
            children: winner ? (
              <Tag icon={<TrophyOutlined />} color="gold">
                Variant {winner.label}
              </Tag>
            ) : (
              "Not chosen yet"
            ),
          },
        ]}
      />
      <Alert
        type={isSignificantNote(split.significance) ? "success" : "info"}
        showIcon
        style={{ marginBottom: 16 }}
        message={split.significance}
      />
      {split.winnerReason && (
        <Typography.Paragraph>
          {split.winnerReason}.
          {split.remainder && (
            <>
              {" "}
              The winner goes to the rest of the audience as <CampaignLink v={split.remainder} linked={linked} inText />
              .
            </>
          )}
        </Typography.Paragraph>
      )}
      <Table<SplitVariantRecord>
        rowKey="campaignId"
        size="small"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 900 }}
        columns={[
          {
            title: "Variant",
            key: "label",
            render: (_, v) => (
              <Typography.Text strong>
                {v.label}
                {winner?.campaignId === v.campaignId && (
                  <TrophyOutlined style={{ marginLeft: 6 }} aria-label="Winner" />
                )}
              </Typography.Text>
            ),
          },
          {
            title: "Campaign",
            key: "campaign",
            render: (_, v) => (
              <>
                <CampaignLink v={v} linked={linked} />
                <br />
                <Typography.Text type="secondary">
                  {CHANNEL[v.channel]} · {v.templateName} · {v.sizePercent}%
                </Typography.Text>
              </>
            ),
          },
          { title: "Status", dataIndex: "status", render: (s: string) => capital(s.replace(/_/g, " ")) },
          { title: "Sent", key: "sent", align: "right", render: (_, v) => formatCount(v.figures.sent) },
          ...(["delivered", "replied", "clicked", "converted"] as const).map((k) => ({
            title: capital(k),
            key: k,
            align: "right" as const,
            render: (_: unknown, v: SplitVariantRecord) =>
              withRate(v.figures[k], v.figures.rates[RATE_OF[k]], v.figures.sent),
          })),
        ]}
      />
      <Typography.Title level={3} style={{ fontSize: 15, marginTop: 24 }}>
        {metricLabel} per variant
      </Typography.Title>
      <Suspense fallback={<Skeleton.Node active style={{ width: "100%", height: 220 }} />}>
        <MetricChart
          title={metricLabel}
          bars={split.variants.map((v) => ({
            label: `Variant ${v.label}`,
            rate: v.figures.rates[metric],
            winner: winner?.campaignId === v.campaignId,
          }))}
        />
      </Suspense>
    </Card>
  );
}
