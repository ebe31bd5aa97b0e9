import {
  ArrowLeftOutlined,
  DeleteOutlined,
  EditOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  PlusOutlined,
} from "@ant-design/icons";
import { App, Button, Card, Empty, Space, Table, Tag, Typography } from "antd";
import { LoadFailed } from "../common/load-failed";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { CampaignScheduleRecord } from "../../../contract/calls/campaign-schedules";
import { useAbility } from "../../providers";
import { formatDateTime } from "../../shell/format";
import { PageHeader } from "../common/page-header";
import { draftOf, newScheduleDraft, ScheduleDrawer, type ScheduleDraft } from "./components/schedule-drawer";
import { ScheduleDetail } from "./components/schedule-detail";
import { useSchedules } from "./components/use-schedules";

const CHANNEL = { sms: "SMS", rcs: "RCS", whatsapp: "WhatsApp" } as const;

/**
 * campaigns/recurring: schedules whose every run is a campaign of its own (issue 41, item 5), opened from Campaign
 * Management. Choosing a row shows its upcoming runs on a calendar and its run history.
 */
export function CampaignSchedulesList() {
  const [openId, setOpenId] = useState<string | null>(null);
  const schedules = useSchedules(openId);
  const navigate = useNavigate();
  const ability = useAbility();
  const { modal } = App.useApp();
  const [draft, setDraft] = useState<ScheduleDraft | null>(null);
  // A department head sends SMS for its organization only; the owners every channel.
  const channels: ("sms" | "rcs" | "whatsapp")[] = ability.can("call", "campaigns.create")
    ? ["sms", "rcs", "whatsapp"]
    : ["sms"];

  const confirmDelete = (s: CampaignScheduleRecord) =>
    modal.confirm({
      title: `Delete schedule ${s.name}?`,
      content: "No more runs will be made. The campaigns its runs made stay, with their reports.",
      okText: "Delete",
      okButtonProps: { danger: true },
      onOk: () =>
        schedules
          .del(s.id)
          .then(() => openId === s.id && setOpenId(null))
          .catch(() => undefined),
    });

  return (
    <>
      <PageHeader
        description="Campaigns that repeat daily, weekly or monthly in a time zone. Each run is a campaign of its own, with its own report."
        extra={
          <>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate("..", { relative: "path" })}>
              Campaign Management
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDraft(newScheduleDraft(channels[0]))}>
              New recurring campaign
            </Button>
          </>
        }
      />
      {schedules.isError && <LoadFailed retry={schedules.refetch} />}
      <Card styles={{ body: { padding: 0 } }}>
        <Table<CampaignScheduleRecord>
          rowKey="id"
          dataSource={schedules.rows}
          loading={schedules.loading}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{
            emptyText: schedules.loading ? (
              " "
            ) : (
              <Empty description="No recurring campaigns yet">
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setDraft(newScheduleDraft(channels[0]))}>
                  Schedule your first
                </Button>
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
                  <Typography.Text type="secondary">
                    {CHANNEL[s.channel as keyof typeof CHANNEL]} · {s.audience.name ?? "Pasted numbers"}
                  </Typography.Text>
                </Space>
              ),
            },
            { title: "Repeats", dataIndex: "ruleText", width: 260 },
            {
              title: "Status",
              dataIndex: "status",
              width: 110,
              render: (status: string) => (
                <Tag color={status === "active" ? "green" : "default"}>{status === "active" ? "Active" : "Paused"}</Tag>
              ),
            },
            {
              title: "Next run",
              dataIndex: "nextRunAt",
              width: 190,
              render: (iso: string | null) => (iso ? formatDateTime(iso) : "—"),
            },
            {
              title: "",
              key: "actions",
              width: 330,
              render: (_, s) => (
                <Space wrap>
                  {s.status === "active" ? (
                    <Button
                      size="small"
                      icon={<PauseCircleOutlined />}
                      aria-label={`Pause ${s.name}`}
                      onClick={() => void schedules.pause(s.id).catch(() => undefined)}
                    >
                      Pause
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      icon={<PlayCircleOutlined />}
                      aria-label={`Resume ${s.name}`}
                      onClick={() => void schedules.resume(s.id).catch(() => undefined)}
                    >
                      Resume
                    </Button>
                  )}
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={`Edit ${s.name}`}
                    onClick={() => setDraft(draftOf(s))}
                  >
                    Edit
                  </Button>
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Delete ${s.name}`}
                    onClick={() => confirmDelete(s)}
                  >
                    Delete
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {openId && <ScheduleDetail detail={schedules.detail} loading={schedules.detailLoading} />}
      {draft && (
        <ScheduleDrawer
          initial={draft}
          channels={channels}
          saving={schedules.saving}
          onClose={() => setDraft(null)}
          onSave={schedules.save}
        />
      )}
    </>
  );
}
