import {
  AppstoreOutlined,
  HistoryOutlined,
  StopOutlined,
  TeamOutlined,
  UnorderedListOutlined,
} from "@ant-design/icons";
import { Button, Card } from "antd";
import { useNavigate } from "react-router";
import { useAbility } from "../../providers";
import { AbTestsButton } from "../campaign-splits/components/ab-tests-button";
import { PageHeader } from "../common/page-header";
import { CampaignFilters } from "./components/campaign-filters";
import { CampaignListError, campaignsEmpty } from "./components/campaign-list-states";
import { CampaignTable } from "./components/campaign-table";
import { NewCampaignButton } from "./components/new-campaign-button";
import { useCampaignsList } from "./components/use-campaigns-list";

/**
 * Campaign Management (workspace) and Campaigns (admin, reseller): one page that adapts by role. Owners pause,
 * resume and discard their campaigns and start new ones; operators see every account they reach, filter by account
 * and may only discard.
 */
export function CampaignsList() {
  const list = useCampaignsList();
  const ability = useAbility();
  const navigate = useNavigate();
  const owner = !list.isOperator;
  return (
    <>
      <PageHeader
        description={
          owner
            ? "Your RCS, SMS and WhatsApp campaigns with live progress. Open one for its full report."
            : "Campaigns of every account you manage. You can discard a campaign; everything else is the owner's."
        }
        extra={
          <>
            {(ability.can("call", "messageLog.list") || ability.can("call", "messageLog.accountList")) && (
              <Button icon={<UnorderedListOutlined />} onClick={() => navigate("message-log", { relative: "path" })}>
                Message log
              </Button>
            )}
            {!owner && ability.can("call", "campaignSplits.list") && <AbTestsButton />}
            {owner && (
              <>
                {ability.can("call", "contacts.list") && (
                  <Button icon={<TeamOutlined />} onClick={() => navigate("contacts", { relative: "path" })}>
                    Contacts
                  </Button>
                )}
                {ability.can("call", "campaignSchedules.list") && (
                  <Button icon={<HistoryOutlined />} onClick={() => navigate("recurring", { relative: "path" })}>
                    Recurring
                  </Button>
                )}
                {ability.can("call", "campaignSplits.list") && <AbTestsButton />}
                {ability.can("call", "suppressions.list") && (
                  <Button icon={<StopOutlined />} onClick={() => navigate("suppression-list", { relative: "path" })}>
                    Suppression list
                  </Button>
                )}
                {ability.can("call", "dnd.list") && (
                  <Button icon={<StopOutlined />} onClick={() => navigate("dnd-list", { relative: "path" })}>
                    DND list
                  </Button>
                )}
                <Button icon={<AppstoreOutlined />} onClick={() => navigate("unified", { relative: "path" })}>
                  Unified view
                </Button>
                {ability.can("call", "campaigns.create") && <NewCampaignButton />}
              </>
            )}
          </>
        }
      />
      <CampaignListError list={list} />
      <Card styles={{ body: { padding: 0 } }}>
        <CampaignFilters list={list} />
        <CampaignTable
          list={list}
          emptyText={campaignsEmpty(
            list,
            owner && ability.can("call", "campaigns.create") ? (
              <NewCampaignButton>Create your first campaign</NewCampaignButton>
            ) : null,
          )}
        />
      </Card>
    </>
  );
}
