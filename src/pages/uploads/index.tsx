import { Card, Segmented } from "antd";
import { useState } from "react";
import type { MediaChannel } from "../../../contract/domain/media";
import { PageHeader } from "../common/page-header";
import { MediaPicker } from "./components/media-picker";

const CHANNELS: { label: string; value: MediaChannel }[] = [
  { label: "WhatsApp", value: "whatsapp" },
  { label: "RCS", value: "rcs" },
];

/** Media Library: the account's images, videos and documents per channel, the same picker the template builders use. */
export function UploadsPage() {
  const [channel, setChannel] = useState<MediaChannel>("whatsapp");
  return (
    <>
      <PageHeader description="Images, videos and documents for your template headers and rich cards. Files are checked against each channel's limits." />
      <Card
        title={
          <Segmented<MediaChannel> options={CHANNELS} value={channel} onChange={setChannel} aria-label="Channel" />
        }
      >
        <MediaPicker key={channel} channel={channel} pageSize={12} />
      </Card>
    </>
  );
}
