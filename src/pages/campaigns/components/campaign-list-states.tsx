import { Alert, Button, Empty } from "antd";
import type { ReactNode } from "react";
import type { CampaignsListModel } from "./use-campaigns-list";

/** The failure, in SPEC 8's words, with the server's reason and a retry. */
export function CampaignListError({ list }: { list: CampaignsListModel }) {
  if (!list.isError) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      message={list.errorMessage}
      description={list.errorDetail && list.errorDetail !== list.errorMessage ? list.errorDetail : undefined}
      action={
        <Button size="small" onClick={() => void list.refetch()}>
          Retry
        </Button>
      }
    />
  );
}

/** No campaigns yet (with the way to make one) or none matching the filters. */
export function campaignsEmpty(list: CampaignsListModel, create: ReactNode): ReactNode {
  if (list.isError) return <Empty description="Campaigns could not be loaded" />;
  return (
    <Empty description={list.filtered ? "No campaign matches these filters" : "No campaigns yet"}>
      {!list.filtered && create}
    </Empty>
  );
}
