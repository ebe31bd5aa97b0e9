import { Table } from "antd";
import type { RejectedRowRecord } from "../../../../contract";

/** Rows an add or import could not use, with why. */
export function InvalidRows({ rows }: { rows: RejectedRowRecord[] }) {
  return (
    <Table<RejectedRowRecord>
      size="small"
      rowKey={(r) => `${r.row}:${r.value}`}
      dataSource={rows}
      pagination={rows.length > 8 ? { pageSize: 8, size: "small" } : false}
      columns={[
        { title: "Row", dataIndex: "row", width: 70 },
        { title: "Value", dataIndex: "value", ellipsis: true },
        { title: "Why", dataIndex: "reason" },
      ]}
    />
  );
}
