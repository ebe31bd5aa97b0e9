import { DownloadOutlined, FileOutlined } from "@ant-design/icons";
import { Button, Flex, Image, Skeleton, Typography, theme } from "antd";
import { useCall } from "../../../../api";
import { formatBytes } from "../../../uploads/components/media-format";
import type { ChatMessage } from "./thread-state";

const KIND_LABEL: Record<string, string> = {
  image: "Image",
  video: "Video",
  audio: "Audio",
  sticker: "Sticker",
  document: "Document",
};

/** "[image unavailable]": a received file the provider no longer had; the text says so and nothing else shows. */
export const unavailable = (m: ChatMessage) => /^\[(image|video|audio|document|sticker) unavailable\]/.test(m.text);

/**
 * A file of the thread, sent or received, shown in place: an image (click to open it large), a video or audio player,
 * or a document card with its name, size and a download button. The file is read through a signed link that only
 * the conversation's people are given (chats.media), asked for when the message comes into view.
 */
export function MessageMedia({ m }: { m: ChatMessage & { attachmentId: string } }) {
  const { token } = theme.useToken();
  const { query } = useCall(
    "chats.media",
    { params: { id: m.chatId, fileId: m.attachmentId } },
    { errorNotification: false, queryOptions: { staleTime: 30 * 60_000 } },
  );
  const url = query.data?.data.data.url;
  const name = m.fileName ?? KIND_LABEL[m.messageType] ?? "File";
  // A picture's text alternative: its caption, else what it is (a received photo's stored name is only an id).
  const alt = m.text || `${KIND_LABEL[m.messageType] ?? "File"}${m.direction === "in" ? " from the customer" : ""}`;
  if (query.isError) return <Typography.Text type="secondary">[{m.messageType} could not be opened]</Typography.Text>;
  if (!url) return <Skeleton.Image active style={{ width: 220, height: 140 }} />;
  switch (m.messageType) {
    case "image":
    case "sticker":
      return (
        <Image
          src={url}
          alt={alt}
          width={m.messageType === "sticker" ? 120 : 220}
          style={{ borderRadius: 6 }}
          preview={{ mask: "Open" }}
        />
      );
    case "video":
      return (
        <video src={url} controls preload="metadata" style={{ width: 260, maxWidth: "100%", borderRadius: 6 }}>
          <track kind="captions" />
        </video>
      );
    case "audio":
      return <audio src={url} controls preload="metadata" aria-label={name} style={{ width: 260, maxWidth: "100%" }} />;
    default:
      return (
        <Flex
          align="center"
          gap={10}
          style={{
            padding: "8px 10px",
            borderRadius: 8,
            border: `1px solid ${token.colorBorderSecondary}`,
            background: token.colorFillQuaternary,
            minWidth: 220,
          }}
        >
          <FileOutlined style={{ fontSize: 24, color: token.colorPrimary }} aria-hidden />
          <div style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text ellipsis style={{ display: "block" }}>
              {name}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {m.fileSize !== null ? formatBytes(m.fileSize) : "Document"}
            </Typography.Text>
          </div>
          <Button href={url} download={name} icon={<DownloadOutlined />} aria-label={`Download ${name}`} size="small" />
        </Flex>
      );
  }
}
