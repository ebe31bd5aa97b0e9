import { DownOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Dropdown } from "antd";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { CAMPAIGN_CHANNELS, type CampaignChannel } from "../../../../contract";
import { CHANNEL_META } from "../../template-library/components/library-card";

/** The three creation routes (resources/campaigns.ts), from the area's campaigns route. */
const CREATE_PATH: Record<CampaignChannel, string> = {
  rcs: "rcs-campaign-creation",
  sms: "sms-campaign-creation",
  whatsapp: "whatsapp-campaign-creation",
};

/** "New campaign" with a choice of channel; `base` is "../" from a page below campaigns. */
export function NewCampaignButton({
  base = "",
  children = "New campaign",
}: {
  base?: "" | "../";
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Dropdown
      trigger={["click"]}
      menu={{
        items: CAMPAIGN_CHANNELS.map((c) => ({
          key: c,
          icon: CHANNEL_META[c].icon,
          label: `${CHANNEL_META[c].label} campaign`,
        })),
        onClick: ({ key }) => navigate(`${base}${CREATE_PATH[key as CampaignChannel]}`, { relative: "path" }),
      }}
    >
      <Button type="primary" icon={<PlusOutlined />}>
        {children} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
