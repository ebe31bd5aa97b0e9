import { InboxOutlined } from "@ant-design/icons";
import { Alert, Modal, Typography, Upload } from "antd";
import { useState } from "react";
import { AUDIENCE_MAX_BYTES } from "../../../../contract/domain/campaigns";
import { InvalidRows } from "./invalid-rows";
import type { AddOutcome } from "./use-suppressions";

const ACCEPT = ".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A CSV or XLSX of numbers (first column, or a column named phone / number), sent as it is to the import call. */
export function ImportModal({
  open,
  onClose,
  onImport,
  busy,
  title = "Import numbers",
  hint = "One number per row: the first column, or a column named phone or number.",
}: {
  open: boolean;
  onClose: () => void;
  onImport: (file: File) => Promise<AddOutcome>;
  busy: boolean;
  title?: string;
  /** What the file holds, under the drop area. */
  hint?: string;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<AddOutcome | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setFile(null);
    setOutcome(null);
    setProblem(null);
    onClose();
  };
  return (
    <Modal
      title={title}
      open={open}
      onCancel={close}
      okText={outcome ? "Done" : "Import"}
      okButtonProps={{ disabled: !outcome && !file }}
      confirmLoading={busy && !outcome}
      onOk={async () => {
        if (outcome || !file) return close();
        try {
          setOutcome(await onImport(file));
        } catch {
          // The error toast says why (an empty file, no phone column…); another file can be picked.
        }
      }}
      destroyOnHidden
    >
      {outcome ? (
        <>
          <Alert
            type={outcome.invalid.length ? "warning" : "success"}
            showIcon
            style={{ marginBottom: 12 }}
            message={`${outcome.added} added${outcome.invalid.length ? `; ${outcome.invalid.length} not added` : ""}`}
          />
          {outcome.invalid.length > 0 && <InvalidRows rows={outcome.invalid} />}
        </>
      ) : (
        <>
          <Upload.Dragger
            accept={ACCEPT}
            maxCount={1}
            fileList={file ? [{ uid: "1", name: file.name, status: "done" }] : []}
            onRemove={() => setFile(null)}
            beforeUpload={(f) => {
              if (f.size > AUDIENCE_MAX_BYTES)
                setProblem(`The file is larger than ${AUDIENCE_MAX_BYTES / 1024 / 1024} MB`);
              else {
                setProblem(null);
                setFile(f);
              }
              // Sent on Import, not by the Upload's own request.
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">Drop a CSV or XLSX file here, or click to choose one</p>
            <p className="ant-upload-hint">{hint}</p>
          </Upload.Dragger>
          {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
        </>
      )}
    </Modal>
  );
}
