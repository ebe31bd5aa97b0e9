import { DownloadOutlined } from "@ant-design/icons";
import { useCustomMutation, type HttpError } from "@refinedev/core";
import { Button } from "antd";
import type { CampaignRecord } from "../../../../../contract";
import { MSG } from "../../../../../contract/messages";
import { saveBlob } from "../../../../lib/save-blob";

/** A file name from the campaign's name: letters, digits and dashes. */
export const fileStem = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "") || "campaign";

type DownloadKind = "numbers" | "excel" | "rejected";
interface Kind {
  label: string;
  suffix: string;
  /** The campaigns resource's custom action (resources/campaigns.ts) and where the campaign id goes. */
  action: "downloadNumbers" | "downloadExcel" | "rejectedRows";
  meta: (id: string) => { params?: Record<string, string>; query?: Record<string, string> };
}
const KINDS: Record<DownloadKind, Kind> = {
  numbers: { label: "Numbers (CSV)", suffix: "numbers.csv", action: "downloadNumbers", meta: (id) => ({ params: { id } }) },
  excel: { label: "Report (Excel)", suffix: "report.xlsx", action: "downloadExcel", meta: (id) => ({ query: { campaignId: id } }) },
  rejected: { label: "Excluded rows (CSV)", suffix: "excluded-rows.csv", action: "rejectedRows", meta: (id) => ({ params: { id } }) },
};

/**
 * One download button, through the data provider like every other call. A JSON answer (an error) reads
 * 'Failed to download file: …' (SPEC 8, src/api/client.ts), shown by the notification provider.
 */
export function DownloadButton({ campaign, kind, type }: { campaign: CampaignRecord; kind: DownloadKind; type?: "link" | "default" }) {
  const k = KINDS[kind];
  const { mutateAsync, mutation } = useCustomMutation<Blob, HttpError, unknown>();
  const download = async () => {
    const res = await mutateAsync({
      url: "",
      // The data provider takes the method from the call's row (GET); the hook only knows mutation methods.
      method: "post",
      values: undefined,
      meta: { resource: "campaigns", action: k.action, ...k.meta(campaign._id) },
      successNotification: false,
      errorNotification: (err) => ({ type: "error", message: err?.message || MSG.somethingWrong }),
    }).catch(() => undefined);
    if (res) saveBlob(res.data, `${fileStem(campaign.name)}-${k.suffix}`);
  };
  return (
    <Button type={type} icon={<DownloadOutlined />} loading={mutation.isPending} onClick={() => void download()}>
      {k.label}
    </Button>
  );
}
