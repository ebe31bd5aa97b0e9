import { InboxOutlined } from "@ant-design/icons";
import { Upload } from "antd";

/** The drop zone for an audience file (CSV or XLSX): the chosen file's name and size, or `hint` before one is chosen. */
export function AudienceFileDrop(props: { file: File | null; hint: string; onChoose: (file: File) => void }) {
  return (
    <Upload.Dragger
      accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      multiple={false}
      showUploadList={false}
      beforeUpload={(file) => (props.onChoose(file), false)}
      aria-label="Audience file"
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">
        {props.file ? props.file.name : "Drop a CSV or XLSX file here, or click to choose one"}
      </p>
      <p className="ant-upload-hint">
        {props.file ? `${(props.file.size / 1024).toFixed(1)} KB · choose another to replace it` : props.hint}
      </p>
    </Upload.Dragger>
  );
}
