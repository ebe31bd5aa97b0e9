import { DownloadOutlined } from "@ant-design/icons";
import { Button } from "antd";
import type { CampaignRecord } from "../../../../../contract";
import type { CallInput } from "../../../../api";
import { saveBlob } from "../../../../lib/save-blob";
import { useFileCall } from "../../../common/use-download";

/** A file name from the campaign's name: letters, digits and dashes. */
export const fileStem = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "") || "campaign";

type DownloadKind = "numbers" | "excel" | "rejected";
type DownloadCall = "campaigns.downloadNumbers" | "campaigns.downloadExcel" | "campaigns.rejectedRows";
interface Kind {
  label: string;
  suffix: string;
  /** The download call and where the campaign id goes. */
  call: DownloadCall;
  input: (id: string) => CallInput<DownloadCall>;
}
const KINDS: Record<DownloadKind, Kind> = {
  numbers: {
    label: "Numbers (CSV)",
    suffix: "numbers.csv",
    call: "campaigns.downloadNumbers",
    input: (id) => ({ params: { id } }),
  },
  excel: {
    label: "Report (Excel)",
    suffix: "report.xlsx",
    call: "campaigns.downloadExcel",
    input: (id) => ({ query: { campaignId: id } }),
  },
  rejected: {
    label: "Excluded rows (CSV)",
    suffix: "excluded-rows.csv",
    call: "campaigns.rejectedRows",
    input: (id) => ({ params: { id } }),
  },
};

/**
 * One download button, through the data provider like every other call. A JSON answer (an error) reads
 * 'Failed to download file: …' (SPEC 8, src/api/client.ts), shown by the notification provider.
 */
export function DownloadButton({
  campaign,
  kind,
  type,
}: {
  campaign: CampaignRecord;
  kind: DownloadKind;
  type?: "link" | "default";
}) {
  const k = KINDS[kind];
  const { fetchFile, busy } = useFileCall();
  const download = async () => {
    const blob = await fetchFile(k.call, k.input(campaign._id)).catch(() => undefined);
    if (blob) saveBlob(blob, `${fileStem(campaign.name)}-${k.suffix}`);
  };
  return (
    <Button type={type} icon={<DownloadOutlined />} loading={busy} onClick={() => void download()}>
      {k.label}
    </Button>
  );
}
