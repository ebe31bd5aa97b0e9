import { Drawer } from "antd";
import type { CampaignRecord } from "../../../../../../contract";
import { ControlRoom } from "./control-room";

/**
 * An operator's read-only look at a customer's campaign control room (admins and resellers have the campaigns list,
 * not the report page): the same figures, alerts and fired alerts, without the throttle and alert controls.
 */
export function ControlRoomDrawer({ campaign, onClose }: { campaign: CampaignRecord | null; onClose: () => void }) {
  return (
    <Drawer
      open={campaign !== null}
      onClose={onClose}
      width={960}
      title={campaign ? `${campaign.name} · control room` : "Control room"}
      destroyOnHidden
    >
      {campaign && <ControlRoom campaign={campaign} canSteer={false} bare />}
    </Drawer>
  );
}
