import { FileSearchOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Empty, Flex, Segmented, Typography } from "antd";
import { useRef } from "react";
import { MSG } from "../../../contract";
import type { ReportChannel } from "../../../contract/domain/reports";
import { formatCount } from "../../shell/format";
import { PageHeader } from "../common/page-header";
import { CHANNEL_OPTIONS, GenerateForm, type GenerateFormHandle } from "./components/generate-form";
import { ReportDrawer } from "./components/report-drawer";
import { ReportsTable } from "./components/reports-table";
import { useReports } from "./components/use-reports";

/**
 * Performance Reports: generate a report of the account's campaigns (a period, a channel, one campaign or all,
 * detailed or a summary, CSV or Excel), watch it being generated, download it while it is kept, open its details,
 * delete it. Managers also see the reports of their organization's accounts.
 */
export function ReportsList() {
  const list = useReports();
  const form = useRef<GenerateFormHandle>(null);
  const empty = list.isError ? (
    <Empty description="Reports could not be loaded" />
  ) : list.filtered ? (
    <Empty description="No reports for this channel" />
  ) : (
    <Empty
      image={<FileSearchOutlined style={{ fontSize: 48, color: "#bfbfbf" }} />}
      description={
        <>
          <Typography.Text strong style={{ display: "block" }}>
            No reports yet
          </Typography.Text>
          <Typography.Text type="secondary">
            Choose the dates, a channel and a campaign (or all of them) above, then Generate report. It is generated in
            the background; you can leave this page meanwhile.
          </Typography.Text>
        </>
      }
    >
      <Button type="primary" onClick={() => form.current?.focus()}>
        Generate your first report
      </Button>
    </Empty>
  );
  return (
    <>
      <PageHeader description="Delivery and engagement of your campaigns as a file: every recipient with its states, or counts and cost per campaign." />
      <GenerateForm ref={form} onQueued={list.generated} />
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={MSG.fetchReports}
          description={list.errorDetail && list.errorDetail !== MSG.fetchReports ? list.errorDetail : undefined}
          action={
            <Button size="small" onClick={list.refetch}>
              Retry
            </Button>
          }
        />
      )}
      <Card styles={{ body: { padding: 0 } }}>
        <Flex gap={12} align="center" justify="space-between" wrap style={{ padding: 16 }}>
          <Segmented
            aria-label="Channel filter"
            value={list.channel}
            onChange={(v) => list.setChannel(v as ReportChannel)}
            options={CHANNEL_OPTIONS}
          />
          <Typography.Text type="secondary">
            {formatCount(list.total)} reports · files are kept for a few days after they are ready
          </Typography.Text>
        </Flex>
        <ReportsTable list={list} emptyText={empty} />
      </Card>
      <ReportDrawer list={list} />
    </>
  );
}
