import { DownloadOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Flex, Skeleton, Space, Tag } from "antd";
import { useState, type ReactNode } from "react";
import { MSG } from "../../../../contract";
import { PageHeader } from "../../common/page-header";
import { LogExportPanel } from "./log-export-panel";
import { LogSearchForm } from "./log-search-form";
import { LogTable } from "./log-table";
import { useLogExport } from "./use-log-export";
import { useMessageLog, type LogSearch } from "./use-message-log";

/**
 * The log's screen for either caller: the owner's own log, or one customer's for an operator (`accountId`). The
 * search starts from what a link passed (a campaign, a number) and is then kept in memory only.
 */
export function LogView({
  initial,
  accountId,
  extra,
  before,
}: {
  initial: LogSearch;
  accountId?: string;
  extra?: ReactNode;
  before?: ReactNode;
}) {
  const [campaignId, setCampaignId] = useState(initial.campaignId);
  const log = useMessageLog(initial, accountId);
  const exporter = useLogExport(log.search, accountId);
  const filtered = Object.keys(log.search).length > 0;
  return (
    <>
      <PageHeader
        description="Every message sent: campaigns, the API and conversations, with each status, its time and the carrier's code, and the cost."
        extra={
          <>
            {extra}
            <Space.Compact>
              <Button
                icon={<DownloadOutlined />}
                onClick={() => void exporter.start("csv")}
                loading={exporter.starting === "csv"}
              >
                Export CSV
              </Button>
              <Button onClick={() => void exporter.start("xlsx")} loading={exporter.starting === "xlsx"}>
                Export Excel
              </Button>
            </Space.Compact>
          </>
        }
      />
      {before}
      {exporter.record && (
        <LogExportPanel
          record={exporter.record}
          downloading={exporter.downloading}
          onDownload={() => void exporter.download()}
          onClose={exporter.dismiss}
        />
      )}
      <Card style={{ marginBottom: 16 }}>
        <LogSearchForm initial={initial} campaignId={campaignId} onSearch={log.setSearch} />
        {campaignId && (
          <Flex style={{ marginTop: 12 }}>
            <Tag
              closable
              closeIcon={<span aria-label="Clear the campaign filter">×</span>}
              onClose={() => {
                setCampaignId(undefined);
                log.setSearch({ ...log.search, campaignId: undefined });
              }}
            >
              One campaign's messages
            </Tag>
          </Flex>
        )}
      </Card>
      {log.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={log.error || MSG.somethingWrong}
          action={
            <Button size="small" onClick={log.refetch}>
              Retry
            </Button>
          }
        />
      )}
      <Card styles={{ body: { padding: 0 } }}>
        {log.firstLoad ? (
          <Skeleton active paragraph={{ rows: 6 }} style={{ padding: 16 }} />
        ) : (
          <LogTable
            rows={log.rows}
            loading={log.loading}
            hasMore={log.hasMore}
            onLoadMore={log.loadMore}
            filtered={filtered}
          />
        )}
      </Card>
    </>
  );
}
