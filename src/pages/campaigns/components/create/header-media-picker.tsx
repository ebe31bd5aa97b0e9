// A WhatsApp template with an image, video or document header sends that media with every message: by default the
// template's own file, or a file chosen for this campaign (or workflow step). The file is uploaded (waba.media.upload)
// when chosen, so the create call (or the step's settings) names it by id; a file of the wrong kind or size is
// refused here before anything is sent.
import { FileImageOutlined, UploadOutlined } from "@ant-design/icons";
import type { HttpError } from "@refinedev/core";
import { Alert, Button, Card, Flex, Typography, Upload } from "antd";
import { useState } from "react";
import { MSG } from "../../../../../contract";
import { checkMedia, MEDIA_RULES, type MediaKind } from "../../../../../contract/domain/media";
import type { WaMediaFormat } from "../../../../../contract/domain/whatsapp-template";
import { useCallMutation } from "../../../../api";

interface Props {
  format: WaMediaFormat;
  wabaId: string;
  /** The chosen upload; a saved workflow step knows only its file's name. */
  chosen: { id: string; file: Pick<File, "name"> } | null;
  onChange: (chosen: { id: string; file: File } | null) => void;
  /** Whether the template has a file of its own to fall back on (else one must be chosen). */
  ownFile?: boolean;
  /** What the choice is for, in "You can replace it for this …". */
  scope?: string;
}

export function HeaderMediaPicker({ format, wabaId, chosen, onChange, ownFile = true, scope = "campaign" }: Props) {
  const kind = format.toLowerCase() as MediaKind;
  // One message from the inbox, or every message of a campaign or a workflow step's runs.
  const sent = scope === "message" ? "The message is" : "Every message is";
  const rule = MEDIA_RULES.whatsapp[kind];
  const [error, setError] = useState<string | null>(null);
  const mutation = useCallMutation("waba.media.upload");

  const choose = async (file: File) => {
    setError(null);
    const verdict = checkMedia("whatsapp", file.type, file.size, kind);
    if (!verdict.ok) {
      setError(verdict.message);
      return;
    }
    const form = new FormData();
    form.append("waba_id", wabaId);
    form.append("file", file, file.name);
    try {
      const res = await mutation.mutateAsync({ body: form, successNotification: false, errorNotification: false });
      const id = res.data?.upload?._id;
      if (!id) throw new Error(MSG.uploadCampaignMedia);
      onChange({ id, file });
    } catch (e) {
      setError((e as HttpError).message || MSG.uploadCampaignMedia);
    }
  };

  return (
    <Card
      size="small"
      style={{ marginTop: 16 }}
      title={
        <span>
          <FileImageOutlined /> Header {kind}
        </span>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {chosen ? (
          <>
            {sent} sent with <Typography.Text strong>{chosen.file.name}</Typography.Text> as its header {kind}.
          </>
        ) : ownFile ? (
          <>
            {sent} sent with the template&apos;s own header {kind}. You can replace it for this {scope}.
          </>
        ) : (
          <>
            The template has no {kind} of its own: choose the header {kind}{" "}
            {scope === "message" ? "the message is" : "every message is"} sent with.
          </>
        )}
      </Typography.Paragraph>
      <Flex gap={8} wrap>
        <Upload
          accept={rule?.types.join(",")}
          showUploadList={false}
          beforeUpload={(file) => {
            void choose(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={mutation.isPending} disabled={!wabaId}>
            {chosen ? `Choose another ${kind}` : ownFile ? `Replace the ${kind}` : `Choose the ${kind}`}
          </Button>
        </Upload>
        {chosen && ownFile && <Button onClick={() => onChange(null)}>Use the template&apos;s {kind}</Button>}
      </Flex>
      {rule && (
        <Typography.Text type="secondary" style={{ display: "block", marginTop: 8, fontSize: 12 }}>
          {rule.types.join(", ")}, up to {Math.round(rule.maxBytes / (1024 * 1024))} MB
        </Typography.Text>
      )}
      {error && <Alert type="error" showIcon message={error} style={{ marginTop: 8 }} />}
    </Card>
  );
}
