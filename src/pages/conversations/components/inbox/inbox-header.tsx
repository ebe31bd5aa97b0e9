import { MessageOutlined, MobileOutlined } from "@ant-design/icons";
import { Button, Flex, Tag, Typography } from "antd";
import { areaPath } from "../../../../../resources/derive";
import { ButtonLink } from "../../../../components/button-link";
import { useSession } from "../../../../state/session";

/** The inbox's title, its connection state, and the screens it opens: canned responses, the keys, the phone. */
export function InboxHeader(props: { connected: boolean; onShortcuts: () => void }) {
  const role = useSession().user?.type;
  const path = (sub: string) => (role ? areaPath(role, sub) : "/");
  return (
    <Flex justify="space-between" align="center" style={{ marginBottom: 12 }} gap={8} wrap>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Conversations
        </Typography.Title>
        <Typography.Text type="secondary">Reply to customers on WhatsApp, SMS and RCS in one place.</Typography.Text>
      </div>
      <Flex gap={8} align="center" wrap>
        <Tag color={props.connected ? "success" : "warning"}>{props.connected ? "Live" : "Reconnecting…"}</Tag>
        <ButtonLink to={path("chats/canned-responses")} icon={<MessageOutlined />}>
          Canned responses
        </ButtonLink>
        <Button onClick={props.onShortcuts} aria-keyshortcuts="?">
          Keyboard shortcuts
        </Button>
        <ButtonLink to={path("chats/phone")} icon={<MobileOutlined />}>
          Simulated phone
        </ButtonLink>
      </Flex>
    </Flex>
  );
}
