import { DownloadOutlined, InboxOutlined } from "@ant-design/icons";
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Flex,
  Progress,
  Radio,
  Select,
  Space,
  Steps,
  Table,
  Typography,
  Upload,
} from "antd";
import { useState } from "react";
import type { ContactAttributeRecord } from "../../../../contract";
import {
  IMPORT_ATTRIBUTE_PREFIX,
  IMPORT_BUILT_IN_FIELDS,
  IMPORT_FIELD_LABELS,
  IMPORT_MAX_BYTES,
  IMPORT_SKIP,
  type ImportMode,
} from "../../../../contract/domain/contact-import";
import { formatCount } from "../../../shell/format";
import { useImport, type ImportModel } from "./use-import";

const ACCEPT = ".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * Import contacts from a CSV or XLSX: upload first, then map the file's own columns (pre-filled from their headers)
 * with its first rows beside them, choose what happens to numbers already in the contacts, start, and follow the
 * job's counts to a summary with the rejected rows to download.
 */
export function ImportDrawer({
  open,
  onClose,
  attributes,
}: {
  open: boolean;
  /** `changed`: the import wrote contacts, so the list is read again. */
  onClose: (changed: boolean) => void;
  attributes: readonly ContactAttributeRecord[];
}) {
  const model = useImport();
  const step = model.started ? 2 : model.record ? 1 : 0;
  const close = () => {
    const changed = model.started;
    model.reset();
    onClose(changed);
  };
  return (
    <Drawer title="Import contacts" open={open} onClose={close} width={760} destroyOnHidden>
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 24 }}
        items={[{ title: "Upload" }, { title: "Map columns" }, { title: "Import" }]}
      />
      {step === 0 && <UploadStep model={model} />}
      {step === 1 && <MapStep model={model} attributes={attributes} />}
      {step === 2 && <ProgressStep model={model} onDone={close} />}
    </Drawer>
  );
}

function UploadStep({ model }: { model: ImportModel }) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <>
      <Upload.Dragger
        accept={ACCEPT}
        maxCount={1}
        showUploadList={false}
        height={220}
        disabled={model.uploading}
        beforeUpload={(file) => {
          if (file.size > IMPORT_MAX_BYTES) setProblem(`The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`);
          else {
            setProblem(null);
            // The error toast says why a file is refused; another can be dropped.
            model.upload(file).catch(() => undefined);
          }
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">Drop a CSV or XLSX file here, or click to choose one</p>
        <p className="ant-upload-hint">
          The first row names the columns; you choose which column is the number, the name and the other fields next.
        </p>
      </Upload.Dragger>
      {model.uploading && <Progress percent={Math.round(model.sent * 100)} status="active" aria-label="Uploading" />}
      {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
    </>
  );
}

function fieldOptions(attributes: readonly ContactAttributeRecord[]) {
  return [
    { value: IMPORT_SKIP, label: "Don't import" },
    ...IMPORT_BUILT_IN_FIELDS.map((f) => ({ value: f, label: IMPORT_FIELD_LABELS[f] })),
    ...attributes.map((a) => ({ value: `${IMPORT_ATTRIBUTE_PREFIX}${a.key}`, label: `Attribute: ${a.label}` })),
  ];
}

function MapStep({ model, attributes }: { model: ImportModel; attributes: readonly ContactAttributeRecord[] }) {
  const record = model.record;
  if (!record) return null;
  const options = fieldOptions(attributes);
  const hasNumber = model.mapping.includes("number");
  const rows = record.headers.map((header, column) => ({
    key: column,
    column,
    header,
    examples: record.preview.map((r) => r[column] ?? "").filter(Boolean),
  }));
  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <Typography.Text>
        <strong>{record.fileName}</strong>: choose a field for each column. Labels in one cell are separated by “;”.
      </Typography.Text>
      <Table
        size="small"
        pagination={false}
        dataSource={rows}
        scroll={{ y: 360 }}
        columns={[
          { title: "Column", dataIndex: "header", width: 180 },
          {
            title: "First rows",
            dataIndex: "examples",
            render: (examples: string[]) => (
              <Typography.Text type="secondary" ellipsis>
                {examples.slice(0, 3).join(" · ") || "—"}
              </Typography.Text>
            ),
          },
          {
            title: "Field",
            dataIndex: "column",
            width: 220,
            render: (column: number, row) => (
              <Select
                aria-label={`Field for column ${row.header}`}
                style={{ width: "100%" }}
                value={model.mapping[column] ?? IMPORT_SKIP}
                options={options.filter(
                  (o) =>
                    o.value === IMPORT_SKIP || o.value === model.mapping[column] || !model.mapping.includes(o.value),
                )}
                onChange={(value: string) => model.setField(column, value)}
              />
            ),
          },
        ]}
      />
      <div>
        <Typography.Text strong id="import-mode-label">
          Numbers already in your contacts
        </Typography.Text>
        <Radio.Group
          aria-labelledby="import-mode-label"
          style={{ display: "flex", flexDirection: "column", marginTop: 8 }}
          value={model.mode}
          onChange={(e) => model.setMode(e.target.value as ImportMode)}
          options={[
            { value: "update", label: "Update them with the file's values (empty cells keep what is stored)" },
            { value: "skip", label: "Skip them: only new numbers are added" },
          ]}
        />
      </div>
      {!hasNumber && <Alert type="warning" showIcon message="Choose the column that holds the phone numbers." />}
      <Flex justify="end" gap={8}>
        <Button onClick={model.reset}>Choose another file</Button>
        <Button
          type="primary"
          disabled={!hasNumber}
          loading={model.starting}
          onClick={() => void model.start().catch(() => undefined)}
        >
          Start import
        </Button>
      </Flex>
    </Space>
  );
}

function ProgressStep({ model, onDone }: { model: ImportModel; onDone: () => void }) {
  const r = model.record;
  if (!r) return null;
  const done = r.status === "done";
  const failed = r.status === "failed";
  const percent = done ? 100 : r.totalBytes ? Math.min(99, Math.floor((r.readBytes / r.totalBytes) * 100)) : 0;
  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <Progress
        percent={percent}
        status={failed ? "exception" : done ? "success" : "active"}
        aria-label={`Import of ${r.fileName}`}
      />
      {done && (
        <Alert
          type={r.rejected ? "warning" : "success"}
          showIcon
          message={`${r.fileName} imported: ${formatCount(r.rowsRead)} rows read`}
          description={
            r.rejected
              ? "Rejected rows were not imported: download them with the reason for each, fix them and import that file."
              : undefined
          }
        />
      )}
      {failed && <Alert type="error" showIcon message={r.statusReason ?? "The import failed"} />}
      {!done && !failed && <Typography.Text>Reading {r.fileName}…</Typography.Text>}
      <Descriptions
        bordered
        size="small"
        column={2}
        items={[
          { key: "created", label: "Created", children: formatCount(r.created) },
          { key: "updated", label: "Updated", children: formatCount(r.updated) },
          { key: "skipped", label: "Skipped (already contacts)", children: formatCount(r.skipped) },
          { key: "rejected", label: "Rejected", children: formatCount(r.rejected) },
        ]}
      />
      <Flex justify="end" gap={8}>
        {(done || failed) && r.rejected > 0 && (
          <Button icon={<DownloadOutlined />} loading={model.downloading} onClick={() => void model.downloadRejected()}>
            Download rejected rows
          </Button>
        )}
        <Button type="primary" disabled={model.running} onClick={onDone}>
          Done
        </Button>
      </Flex>
    </Space>
  );
}
