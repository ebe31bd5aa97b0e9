import { DownloadOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useState } from "react";
import type { CallId, CampaignRecord } from "../../../../../contract";
import { callApi, toMessage } from "../../../../api";
import { toast } from "../../../../components/toast";

/** A file name from the campaign's name: letters, digits and dashes. */
export const fileStem = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "") || "campaign";

function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has handed the URL to the download; revoke later so slow browsers still read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

type DownloadKind = "numbers" | "excel" | "rejected";
const KINDS: Record<DownloadKind, { label: string; suffix: string; call: CallId; opts: (id: string) => Parameters<typeof callApi>[1] }> = {
  numbers: { label: "Numbers (CSV)", suffix: "numbers.csv", call: "campaigns.downloadNumbers", opts: (id) => ({ params: { id } }) },
  excel: { label: "Report (Excel)", suffix: "report.xlsx", call: "campaigns.downloadExcel", opts: (id) => ({ query: { campaignId: id } }) },
  rejected: { label: "Rejected rows (CSV)", suffix: "rejected-rows.csv", call: "campaigns.rejectedRows", opts: (id) => ({ params: { id } }) },
};

/** One download button; a JSON answer (an error) is shown as 'Failed to download file: …' (SPEC 8, src/api/client.ts). */
export function DownloadButton({ campaign, kind, type }: { campaign: CampaignRecord; kind: DownloadKind; type?: "link" | "default" }) {
  const [busy, setBusy] = useState(false);
  const k = KINDS[kind];
  const download = async () => {
    setBusy(true);
    try {
      const blob = (await callApi(k.call, k.opts(campaign._id))) as unknown as Blob;
      saveBlob(blob, `${fileStem(campaign.name)}-${k.suffix}`);
    } catch (e) {
      toast.error(toMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type={type} icon={<DownloadOutlined />} loading={busy} onClick={() => void download()}>
      {k.label}
    </Button>
  );
}
