import {
  CheckCircleFilled,
  DeleteOutlined,
  FileOutlined,
  FilePdfOutlined,
  UploadOutlined,
  VideoCameraOutlined,
} from "@ant-design/icons";
import { useCreate, useDelete, useList, type HttpError } from "@refinedev/core";
import { Alert, Button, Card, Empty, Flex, List, Popconfirm, Progress, theme, Tooltip, Typography, Upload } from "antd";
import { useState, type ReactNode } from "react";
import { MSG } from "../../../../contract";
import type { UploadRecord } from "../../../../contract/calls/uploads";
import { checkMedia, type MediaChannel, type MediaKind } from "../../../../contract/domain/media";
import { apiBaseUrl } from "../../../api";
import { formatDateTime } from "../../../shell/format";
import { acceptOf, formatBytes, rulesHint, shortType } from "./media-format";
import { sniffFile } from "./sniff-file";

export interface MediaPickerProps {
  channel: MediaChannel;
  /** Only this kind may be uploaded or chosen (a template header that must be an image). */
  kind?: MediaKind;
  /** The chosen file's id; with onSelect the cards become choosable. */
  value?: string;
  onSelect?: (upload: UploadRecord) => void;
  pageSize?: number;
}

const THUMB_HEIGHT = 128;

function Preview({ upload }: { upload: UploadRecord }): ReactNode {
  const { token } = theme.useToken();
  const src = `${apiBaseUrl()}${upload.url}`;
  const box = { height: THUMB_HEIGHT, width: "100%", background: token.colorFillTertiary };
  const media = { ...box, objectFit: "cover" as const, display: "block" };
  if (upload.kind === "image") return <img src={src} alt={upload.name} style={media} loading="lazy" />;
  if (upload.kind === "video") {
    return (
      <div style={{ position: "relative" }}>
        <video src={src} muted preload="metadata" style={media} aria-label={upload.name} />
        <VideoCameraOutlined
          style={{
            position: "absolute",
            right: 8,
            bottom: 8,
            color: "#fff",
            fontSize: 18,
            filter: "drop-shadow(0 1px 2px rgba(0,0,0,.6))",
          }}
        />
      </div>
    );
  }
  const Icon = upload.mimeType === "application/pdf" ? FilePdfOutlined : FileOutlined;
  return (
    // Inline display: the card cover makes its children blocks.
    <Flex align="center" justify="center" style={{ ...box, display: "flex", fontSize: 40, color: token.colorError }}>
      <Icon aria-label={shortType(upload.mimeType)} />
    </Flex>
  );
}

/**
 * The account's media for one channel: upload (with progress) after checking type and size in the browser with the
 * same rules the server applies, choose one, delete with confirmation. Template builders and campaign forms use it.
 */
export function MediaPicker({ channel, kind, value, onSelect, pageSize = 8 }: MediaPickerProps) {
  const { token } = theme.useToken();
  const [page, setPage] = useState(1);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { query } = useList<UploadRecord, HttpError>({
    resource: "uploads",
    filters: [{ field: "channel", operator: "eq", value: channel }],
    pagination: { currentPage: page, pageSize, mode: "server" },
    errorNotification: (err) => ({ type: "error", message: err?.message || "Failed to fetch media" }),
  });
  const { mutate: create } = useCreate<UploadRecord, HttpError, FormData>();
  const { mutate: remove, mutation: removal } = useDelete<UploadRecord, HttpError, { channel: MediaChannel }>();
  const rows = query.data?.data ?? [];
  const total = query.data?.total ?? 0;

  const send = async (file: File) => {
    setProblem(null);
    const verdict = checkMedia(channel, await sniffFile(file), file.size, kind);
    if (!verdict.ok) {
      setProblem(`${file.name}: ${verdict.message}`);
      return;
    }
    const form = new FormData();
    form.append("channel", channel);
    form.append("fileContent", file, file.name);
    setProgress({ name: file.name, percent: 0 });
    create(
      {
        resource: "uploads",
        values: form,
        meta: {
          onUploadProgress: (fraction: number) => setProgress({ name: file.name, percent: Math.round(fraction * 100) }),
        },
        invalidates: ["list"],
        successNotification: () => ({ type: "success", message: "File uploaded", description: file.name }),
        // Shown beside the button instead, where the person is looking.
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          setProgress(null);
          setPage(1);
          onSelect?.(data);
        },
        onError: (err) => {
          setProgress(null);
          setProblem(`${file.name}: ${err.message || MSG.uploadTemplateMedia}`);
        },
      },
    );
  };

  const del = (upload: UploadRecord) =>
    remove({
      resource: "uploads",
      id: upload._id,
      values: { channel },
      mutationMode: "pessimistic",
      successNotification: () => ({ type: "success", message: "File deleted", description: upload.name }),
      errorNotification: (err) => ({ type: "error", message: err?.message || MSG.deleteMedia }),
    });

  return (
    <Flex vertical gap={12}>
      <Flex align="center" gap={12} wrap>
        <Upload
          accept={acceptOf(channel, kind)}
          showUploadList={false}
          multiple={false}
          beforeUpload={(file) => (void send(file), false)}
        >
          <Button type="primary" icon={<UploadOutlined />} disabled={progress !== null}>
            Upload file
          </Button>
        </Upload>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {rulesHint(channel, kind)}
        </Typography.Text>
      </Flex>
      {progress && (
        <div aria-label="Upload progress">
          <Typography.Text style={{ fontSize: 12 }}>{`Uploading ${progress.name}`}</Typography.Text>
          <Progress percent={progress.percent} size="small" status="active" />
        </div>
      )}
      {problem && (
        <Alert
          type="error"
          showIcon
          closable
          message="This file cannot be used"
          description={problem}
          onClose={() => setProblem(null)}
        />
      )}
      <List<UploadRecord>
        grid={{ gutter: 12, xs: 1, sm: 2, md: 3, lg: 4, xl: 4, xxl: 4 }}
        dataSource={rows}
        loading={query.isLoading}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={`No ${channel === "whatsapp" ? "WhatsApp" : "RCS"} media yet: upload an image, video or PDF.`}
            />
          ),
        }}
        pagination={
          total > pageSize
            ? {
                current: page,
                pageSize,
                total,
                onChange: setPage,
                size: "small",
                showSizeChanger: false,
                align: "center",
              }
            : false
        }
        renderItem={(upload) => {
          const chosen = value === upload._id;
          const choosable = onSelect && (!kind || upload.kind === kind);
          return (
            <List.Item>
              <Card
                size="small"
                hoverable={Boolean(choosable)}
                onClick={choosable ? () => onSelect(upload) : undefined}
                aria-label={upload.name}
                aria-selected={onSelect ? chosen : undefined}
                style={{
                  overflow: "hidden",
                  borderColor: chosen ? token.colorPrimary : undefined,
                  boxShadow: chosen ? `0 0 0 1px ${token.colorPrimary}` : undefined,
                }}
                styles={{ body: { padding: "8px 12px" } }}
                cover={<Preview upload={upload} />}
              >
                <Flex justify="space-between" align="start" gap={8}>
                  <div style={{ minWidth: 0 }}>
                    <Typography.Text strong ellipsis={{ tooltip: upload.name }} style={{ display: "block" }}>
                      {chosen && <CheckCircleFilled style={{ color: token.colorPrimary, marginRight: 6 }} />}
                      {upload.name}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {`${shortType(upload.mimeType)} · ${formatBytes(upload.size)}`}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12, display: "block" }}>
                      {formatDateTime(upload.createdAt)}
                    </Typography.Text>
                  </div>
                  {/* Clicks in the confirmation (a portal) would otherwise bubble to the card and choose it. */}
                  <span onClick={(e) => e.stopPropagation()}>
                    <Popconfirm
                      title="Delete this file?"
                      description="Templates and campaigns that use it will lose their media."
                      okText="Delete"
                      okButtonProps={{ danger: true, loading: removal.isPending }}
                      onConfirm={() => del(upload)}
                    >
                      <Tooltip title="Delete">
                        <Button
                          type="text"
                          danger
                          size="small"
                          icon={<DeleteOutlined />}
                          aria-label={`Delete ${upload.name}`}
                        />
                      </Tooltip>
                    </Popconfirm>
                  </span>
                </Flex>
              </Card>
            </List.Item>
          );
        }}
      />
    </Flex>
  );
}
