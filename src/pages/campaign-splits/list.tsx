import { ArrowLeftOutlined, PlusOutlined, TrophyOutlined } from "@ant-design/icons";
import { Button, Card, Empty, Space, Table, Tag, Typography } from "antd";
import { LoadFailed } from "../common/load-failed";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { CampaignSplitRecord } from "../../../contract/calls/campaign-splits";
import { WINNER_METRIC_LABELS, type SplitStatus } from "../../../contract/domain/splits";
import { useAbility } from "../../providers";
import { formatDateTime } from "../../shell/format";
import { PageHeader } from "../common/page-header";
import { newSplitDraft, type Channel, type SplitDraft } from "./components/split-draft";
import { SplitCompare } from "./components/split-compare";
import { SplitDrawer } from "./components/split-drawer";
import { PAGE_SIZE, useSplits } from "./components/use-splits";

const CHANNEL: Record<Channel, string> = { sms: "SMS", rcs: "RCS", whatsapp: "WhatsApp" };
const STATUS: Record<SplitStatus, { label: string; color: string }> = {
  testing: { label: "Testing", color: "processing" },
  sending: { label: "Sending winner", color: "blue" },
  completed: { label: "Completed", color: "green" },
  failed: { label: "Failed", color: "red" },
};
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * campaigns/ab-tests: A/B tests (issue 41, item 4), opened from Campaign Management. Choosing a row compares its
 * variants; the sender's own create tests, admins and resellers read their customers' (no create button).
 */
export function CampaignSplitsList() {
  const [openId, setOpenId] = useState<string | null>(null);
  const splits = useSplits(openId);
  const navigate = useNavigate();
  const ability = useAbility();
  const canCreate = ability.can("call", "campaignSplits.create");
  // A department head sends SMS for its organization only; the owners every channel (as Recurring).
  const channels: Channel[] = ability.can("call", "campaigns.create") ? ["sms", "rcs", "whatsapp"] : ["sms"];
  const [draft, setDraft] = useState<SplitDraft | null>(null);
  const start = () => setDraft(newSplitDraft(channels[0]));

  return (
    <>
      <PageHeader
        description="Send two to four versions of a campaign to parts of one audience, compare them and send the best to the rest."
        extra={
          <>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate("..", { relative: "path" })}>
              {canCreate ? "Campaign Management" : "Campaigns"}
            </Button>
            {canCreate && (
              <Button type="primary" icon={<PlusOutlined />} onClick={start}>
                New A/B test
              </Button>
            )}
          </>
        }
      />
      {splits.isError && <LoadFailed retry={splits.refetch} />}
      <Card styles={{ body: { padding: 0 } }}>
        <Table<CampaignSplitRecord>
          rowKey="id"
          dataSource={splits.rows}
          loading={splits.loading}
          scroll={{ x: 860 }}
          pagination={{
            current: splits.page,
            pageSize: PAGE_SIZE,
            total: splits.total,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: splits.setPage,
          }}
          locale={{
            emptyText: splits.loading ? (
              " "
            ) : (
              <Empty description="No A/B tests yet">
                {canCreate && (
                  <Button type="primary" icon={<PlusOutlined />} onClick={start}>
                    Start your first
                  </Button>
                )}
              </Empty>
            ),
          }}
          columns={[
            {
              title: "Name",
              key: "name",
              render: (_, s) => (
                <Space direction="vertical" size={0}>
                  <Button
                    type="link"
                    style={{ padding: 0, height: "auto", fontWeight: 500 }}
                    aria-expanded={openId === s.id}
                    onClick={() => setOpenId(openId === s.id ? null : s.id)}
                  >
                    {s.name}
                  </Button>
                  <Typography.Text type="secondary">{formatDateTime(s.createdAt)}</Typography.Text>
                </Space>
              ),
            },
            {
              title: "Channel",
              key: "channel",
              width: 140,
              render: (_, s) => [...new Set(s.variants.map((v) => CHANNEL[v.channel]))].join(", "),
            },
            {
              title: "Variants",
              key: "variants",
              width: 150,
              render: (_, s) => s.variants.map((v) => `${v.label} ${v.sizePercent}%`).join(" · "),
            },
            {
              title: "Metric",
              dataIndex: "metric",
              width: 150,
              render: (m: CampaignSplitRecord["metric"]) => capital(WINNER_METRIC_LABELS[m]),
            },
            {
              title: "Status",
              dataIndex: "status",
              width: 150,
              render: (st: SplitStatus) => <Tag color={STATUS[st].color}>{STATUS[st].label}</Tag>,
            },
            {
              title: "Winner",
              key: "winner",
              width: 130,
              render: (_, s) =>
                s.winnerVariant === null ? (
                  <Typography.Text type="secondary">Not yet</Typography.Text>
                ) : (
                  <span>
                    <TrophyOutlined aria-hidden /> Variant {s.variants[s.winnerVariant]?.label}
                  </span>
                ),
            },
          ]}
        />
      </Card>
      {openId && (
        <SplitCompare
          split={splits.detail}
          loading={splits.detailLoading}
          linked={canCreate}
          onDecide={ability.can("call", "campaignSplits.decide") ? splits.decide : undefined}
          deciding={splits.deciding}
        />
      )}
      {draft && (
        <SplitDrawer
          initial={draft}
          channels={channels}
          saving={splits.saving}
          onClose={() => setDraft(null)}
          onSave={splits.save}
        />
      )}
    </>
  );
}
