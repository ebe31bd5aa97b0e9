import { CloseOutlined, FileOutlined } from "@ant-design/icons";
import { Alert, Button, Flex, Progress, Typography, theme } from "antd";
import { formatBytes } from "../../../uploads/components/media-format";
import type { Attachment } from "./use-attachment";

/** The attached file above the reply box: its preview, name and size, the upload's progress, and a way to remove it. */
export function AttachmentPreview({ attachment, onRemove }: { attachment: Attachment; onRemove: () => void }) {
  const { token } = theme.useToken();
  const { file, previewUrl, progress, stored, error } = attachment;
  return (
    <div style={{ marginBottom: 8 }}>
      <Flex
        align="center"
        gap={10}
        aria-label="Attachment"
        style={{
          padding: 8,
          borderRadius: 8,
          border: `1px solid ${error ? token.colorErrorBorder : token.colorBorderSecondary}`,
          background: token.colorFillQuaternary,
        }}
      >
        {previewUrl && file.type.startsWith("image/") ? (
          <img
            src={previewUrl}
            alt={`Preview of ${file.name}`}
            style={{ width: 56, height: 56, objectFit: "cover", borderRadius: 6 }}
          />
        ) : previewUrl ? (
          <video src={previewUrl} muted style={{ width: 56, height: 56, objectFit: "cover", borderRadius: 6 }} />
        ) : (
          <FileOutlined style={{ fontSize: 28, color: token.colorPrimary }} aria-hidden />
        )}
        <div style={{ flex: 1, minWidth: 0 }}>
          <Typography.Text ellipsis style={{ display: "block" }}>
            {file.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatBytes(file.size)}
            {stored ? ` · ${stored.kind}, ready to send` : error ? "" : " · uploading"}
          </Typography.Text>
          {!stored && !error && (
            <Progress percent={progress} size="small" aria-label={`Uploading ${file.name}`} style={{ margin: 0 }} />
          )}
        </div>
        <Button type="text" icon={<CloseOutlined />} aria-label="Remove attachment" onClick={onRemove} />
      </Flex>
      {error && <Alert type="error" showIcon message={error} style={{ marginTop: 6 }} />}
    </div>
  );
}
