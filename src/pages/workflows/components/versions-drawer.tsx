import { RollbackOutlined } from "@ant-design/icons";
import { Button, Drawer, Empty, List, Popconfirm, Select, Space, Tag, Typography } from "antd";
import { useState } from "react";
import type { CallReply } from "../../../../contract";
import { useCall } from "../../../api";
import { formatDateTime } from "../../../shell/format";

type Version = CallReply<"workflows.versions">["data"][number];
type Diff = CallReply<"workflows.diff">["data"];

const show = (v: unknown) => (v === null || v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v));

function DiffView({ diff }: { diff: Diff }) {
  const none =
    !diff.addedNodes.length &&
    !diff.removedNodes.length &&
    !diff.changedNodes.length &&
    !diff.addedEdges.length &&
    !diff.removedEdges.length;
  if (none) return <Typography.Text type="secondary">No differences.</Typography.Text>;
  return (
    <Space direction="vertical" size={4} style={{ width: "100%", fontSize: 13 }} aria-label="Differences">
      {diff.addedNodes.map((n) => (
        <div key={`a${n.id}`}>
          <Tag color="green">added</Tag>
          <Typography.Text code>{n.id}</Typography.Text> {n.type}
        </div>
      ))}
      {diff.removedNodes.map((n) => (
        <div key={`r${n.id}`}>
          <Tag color="red">removed</Tag>
          <Typography.Text code>{n.id}</Typography.Text> {n.type}
        </div>
      ))}
      {diff.changedNodes.map((n) => (
        <div key={`c${n.id}`}>
          <Tag color="gold">changed</Tag>
          <Typography.Text code>{n.id}</Typography.Text>
          {n.changes.map((c) => (
            <div key={c.field} style={{ paddingLeft: 16 }}>
              {c.field}:{" "}
              <Typography.Text delete type="danger">
                {show(c.before)}
              </Typography.Text>{" "}
              → <Typography.Text type="success">{show(c.after)}</Typography.Text>
            </div>
          ))}
        </div>
      ))}
      {diff.addedEdges.map((e) => (
        <div key={`ae${e}`}>
          <Tag color="green">connected</Tag>
          {e}
        </div>
      ))}
      {diff.removedEdges.map((e) => (
        <div key={`re${e}`}>
          <Tag color="red">disconnected</Tag>
          {e}
        </div>
      ))}
    </Space>
  );
}

/** Published versions, what changed between two of them (or a version and the draft), and rolling back to one. */
export function VersionsDrawer({
  id,
  open,
  onClose,
  onRollback,
  busy,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  onRollback: (n: number) => Promise<unknown>;
  busy: boolean;
}) {
  const versions = useCall("workflows.versions", { params: { id } }, { queryOptions: { enabled: open } });
  const rows: Version[] = versions.query.data?.data.data ?? [];
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number>(0);
  const diff = useCall(
    "workflows.diff",
    { params: { id }, query: { from: from ?? 1, ...(to ? { to } : {}) } },
    { queryOptions: { enabled: open && from !== null }, errorNotification: false },
  );
  const options = rows.map((v) => ({ value: v.number, label: `v${v.number}${v.live ? " (live)" : ""}` }));
  return (
    <Drawer open={open} onClose={onClose} title="Versions" width={520} destroyOnHidden>
      {rows.length === 0 ? (
        <Empty description="Not published yet. Publishing makes version 1." />
      ) : (
        <>
          <List<Version>
            size="small"
            dataSource={rows}
            renderItem={(v) => (
              <List.Item
                actions={[
                  <Button
                    key="d"
                    size="small"
                    onClick={() => {
                      setFrom(v.number > 1 ? v.number - 1 : v.number);
                      setTo(v.number);
                    }}
                  >
                    Changes
                  </Button>,
                  <Popconfirm
                    key="r"
                    title={`Roll back to version ${v.number}?`}
                    description="It is published again as the newest version and becomes the draft."
                    okText="Roll back"
                    onConfirm={() => onRollback(v.number).then(() => versions.query.refetch())}
                  >
                    <Button size="small" icon={<RollbackOutlined />} disabled={v.live || busy}>
                      Roll back
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <Space>
                      v{v.number}
                      {v.live && <Tag color="green">live</Tag>}
                    </Space>
                  }
                  description={`${formatDateTime(v.createdAt)}${v.createdBy ? ` · ${v.createdBy}` : ""} · ${v.steps} steps${v.note ? ` · ${v.note}` : ""}`}
                />
              </List.Item>
            )}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            Compare
          </Typography.Title>
          <Space style={{ marginBottom: 12 }}>
            <Select
              aria-label="From version"
              style={{ width: 130 }}
              value={from ?? undefined}
              placeholder="From"
              options={options}
              onChange={setFrom}
            />
            →
            <Select
              aria-label="To version"
              style={{ width: 130 }}
              value={to}
              options={[{ value: 0, label: "Draft" }, ...options]}
              onChange={setTo}
            />
          </Space>
          {from !== null && diff.query.data && <DiffView diff={diff.query.data.data.data} />}
        </>
      )}
    </Drawer>
  );
}
