import { CalendarOutlined, MessageOutlined, PlusOutlined, UserAddOutlined } from "@ant-design/icons";
import { Button, Empty, Flex, Typography } from "antd";
import type { ReactNode } from "react";
import type { Role } from "../../../../contract";
import { useAbility } from "../../../providers";
import { areaPath } from "../../../shell/navigation/nav-items";
import type { ReportFilters } from "../../common/report-filters/use-report-filters";
import { Panel } from "./panel";
import { ButtonLink } from "../../../components/button-link";

/** Nothing was sent in the period: say so, and offer the next step that makes sense for the role. */
export function EmptyPeriod({ role, filters }: { role: Role; filters: ReportFilters }) {
  const ability = useAbility();
  // A custom range that is empty is offered the last 30 days as well (a range picked long ago, say).
  const longer = filters.range !== "30d";
  const wider = filters.channel !== "all";
  const operator = role === "admin" || role === "reseller";
  const campaigns = !operator && ability.can("use", "campaign");
  // A department head creates SMS campaigns only (SPEC 6); users and managers every channel's.
  const everyChannel = campaigns && ability.can("call", "campaigns.create");
  const canCampaign = everyChannel || (campaigns && ability.can("call", "sms.campaigns.create"));
  const canChat = !operator && ability.can("use", "chat");

  let title: string;
  let actions: ReactNode[] = [];
  if (operator) {
    title =
      role === "admin"
        ? "No account sent messages in this period."
        : "None of your customers sent messages in this period.";
    actions = [
      <ButtonLink key="users" to={areaPath(role, "users/create")} type="primary" icon={<UserAddOutlined />}>
        {role === "admin" ? "Create an account" : "Add a customer"}
      </ButtonLink>,
    ];
  } else if (canCampaign) {
    title = "No messages in this period. Campaigns you send show up here within seconds.";
    actions = [
      <ButtonLink
        key="first"
        to={areaPath(role, `campaigns/${everyChannel ? "whatsapp" : "sms"}-campaign-creation`)}
        type="primary"
        icon={<PlusOutlined />}
      >
        Create your first campaign
      </ButtonLink>,
    ];
    if (everyChannel)
      actions.push(
        <ButtonLink key="sms" to={areaPath(role, "campaigns/sms-campaign-creation")}>
          New SMS campaign
        </ButtonLink>,
        <ButtonLink key="rcs" to={areaPath(role, "campaigns/rcs-campaign-creation")}>
          New RCS campaign
        </ButtonLink>,
      );
  } else {
    title =
      "No campaign messages in this period. Campaigns are not enabled for your account: ask your account manager.";
    if (canChat)
      actions = [
        <ButtonLink key="chats" to={areaPath(role, "chats")} type="primary" icon={<MessageOutlined />}>
          Open conversations
        </ButtonLink>,
      ];
  }
  if (longer || wider)
    actions.push(
      <Button key="widen" icon={<CalendarOutlined />} onClick={filters.widen}>
        {longer && wider ? "All channels, last 30 days" : longer ? "Show the last 30 days" : "Show all channels"}
      </Button>,
    );

  return (
    <Panel>
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <Typography.Text type="secondary" style={{ fontSize: 15 }}>
            {title}
          </Typography.Text>
        }
      >
        <Flex gap={8} wrap justify="center">
          {actions}
        </Flex>
      </Empty>
    </Panel>
  );
}
