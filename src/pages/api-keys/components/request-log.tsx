import { ReloadOutlined } from "@ant-design/icons";
import { Alert, Button, DatePicker, Empty, Flex, Select, Space, Table, Tooltip, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { useCall } from "../../../api";
import { formatDateTime } from "../../../shell/format";
import { RequestDrawer } from "./request-drawer";
import { StatusCode } from "./status-code";
import { useRequestLog, type LogFilters, type UmsRequest } from "./use-request-log";

const STATUS_FILTERS = [
  { value: "", label: "Any status" },
  { value: "success", label: "Succeeded (2xx)" },
  { value: "error", label: "Failed" },
  { value: "400", label: "400 Bad request" },
  { value: "401", label: "401 Key refused" },
  { value: "402", label: "402 Balance" },
  { value: "403", label: "403 Not allowed" },
  { value: "409", label: "409 Idempotency" },
  { value: "429", label: "429 Rate limited" },
];

/** The request log: every public-API request of the account's keys, filtered by time, status and key. */
export function RequestLog({
  apiKeyId,
  onKeyChange,
  live,
}: {
  apiKeyId?: string;
  onKeyChange: (id?: string) => void;
  live: boolean;
}) {
  const [status, setStatus] = useState("");
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const filters: LogFilters = {
    status: status || undefined,
    apiKeyId,
    from: range?.[0]?.toISOString(),
    to: range?.[1]?.toISOString(),
  };
  const log = useRequestLog(filters, live && !open);
  const keys = useCall("apiKeys.list", { query: { page: 1, limit: 100 } }, { errorNotification: false });
  const keyOptions = (keys.query.data?.data.data.apiKeys ?? []).map((k) => ({
    value: k.id,
    label: `${k.name} · ${k.prefix}`,
  }));
  const filtered = Boolean(status || apiKeyId || range);
  return (
    <>
      <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 12 }}>
        <Space wrap>
          <DatePicker.RangePicker
            showTime={{ format: "HH:mm" }}
            format="DD MMM YYYY HH:mm"
            allowEmpty={[true, true]}
            value={range}
            onChange={(v) => {
              setRange(v);
              log.setPage(1);
            }}
            aria-label="Time range"
          />
          <Select
            aria-label="Status"
            value={status}
            options={STATUS_FILTERS}
            style={{ width: 180 }}
            onChange={(v: string) => {
              setStatus(v);
              log.setPage(1);
            }}
          />
          <Select
            aria-label="API key"
            allowClear
            placeholder="Every key"
            value={apiKeyId}
            options={keyOptions}
            style={{ width: 280 }}
            showSearch
            optionFilterProp="label"
            onChange={(v?: string) => {
              onKeyChange(v);
              log.setPage(1);
            }}
          />
        </Space>
        <Tooltip title={live ? "Refreshes every 5 seconds" : undefined}>
          <Button icon={<ReloadOutlined spin={log.refreshing} />} onClick={log.refetch}>
            Refresh
          </Button>
        </Tooltip>
      </Flex>
      {log.error && (
        <Alert
          type="error"
          showIcon
          message={log.error}
          action={<Button onClick={log.refetch}>Retry</Button>}
          style={{ marginBottom: 12 }}
        />
      )}
      <Table<UmsRequest>
        rowKey="id"
        size="middle"
        loading={log.loading}
        dataSource={log.rows}
        scroll={{ x: 1240 }}
        onRow={(r) => ({ onClick: () => setOpen(r.id), style: { cursor: "pointer" } })}
        locale={{
          emptyText: (
            <Empty
              description={
                filtered
                  ? "No request matches these filters"
                  : "No requests yet. Requests made with your keys show here a moment after they are answered."
              }
            />
          ),
        }}
        pagination={{
          current: log.page,
          pageSize: log.pageSize,
          total: log.total,
          onChange: log.setPage,
          showTotal: (n) => `${n} ${n === 1 ? "request" : "requests"}`,
          showSizeChanger: false,
        }}
        columns={[
          { title: "Time", dataIndex: "createdAt", width: 170, render: (v: string) => formatDateTime(v) },
          {
            title: "Request",
            key: "request",
            width: 260,
            render: (_, r) => (
              <Button type="link" style={{ padding: 0, height: "auto" }} onClick={() => setOpen(r.id)}>
                <Typography.Text
                  style={{ fontFamily: "monospace", fontSize: 13 }}
                >{`${r.method} ${r.path}`}</Typography.Text>
              </Button>
            ),
          },
          { title: "Status", dataIndex: "status", width: 90, render: (s: number) => <StatusCode status={s} /> },
          {
            title: "Key",
            dataIndex: "apiKeyName",
            width: 180,
            render: (v: string | null, r) => (v ? <Tooltip title={r.apiKeyPrefix}>{v}</Tooltip> : "—"),
          },
          { title: "Messages", dataIndex: "messageCount", width: 100, align: "right" },
          { title: "Latency", dataIndex: "latencyMs", width: 100, align: "right", render: (v: number) => `${v} ms` },
          {
            title: "Error",
            dataIndex: "errorCode",
            width: 190,
            render: (v: string | null, r) =>
              v ? (
                <Tooltip title={r.errorMessage}>
                  <Typography.Text code>{v}</Typography.Text>
                </Tooltip>
              ) : (
                ""
              ),
          },
          { title: "IP", dataIndex: "ip", width: 130 },
        ]}
      />
      <RequestDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}
