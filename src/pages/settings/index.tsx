import { MoonOutlined, SunOutlined } from "@ant-design/icons";
import { Card, Col, Descriptions, Row, Segmented, Tabs, Tag, Typography } from "antd";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { ThemeMode } from "../../providers/theme";
import { useTheme } from "../../providers/theme";
import { useSession } from "../../state/session";
import { formatDateTime } from "../../shell/format";
import { AccountPanels } from "../account/index";
import { PageHeader } from "../common/page-header";
import { RoleTag } from "../common/role-tag";
import { remaining } from "./session-time";
import { WabaSolutionCard } from "./components/waba-solution-card";
import { AdminBotsLink } from "../bots/components/admin-bots-link";
import { RatesLink } from "../rates/components/rates-link";

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

function Preferences() {
  const { theme, setTheme } = useTheme();
  const { user, isImpersonating, impersonatedUser } = useSession();
  const now = useNow(30_000);
  const shortcut = /Mac|iPhone|iPad/.test(navigator.platform) ? "⌘ B" : "Ctrl B";
  if (!user) return null;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card title="Appearance" style={{ height: "100%" }}>
          <Typography.Paragraph type="secondary">Choose how the console looks on this device.</Typography.Paragraph>
          <Segmented<ThemeMode>
            value={theme}
            onChange={setTheme}
            options={[
              { label: "Light", value: "light", icon: <SunOutlined /> },
              { label: "Dark", value: "dark", icon: <MoonOutlined /> },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
            Collapse or expand the sidebar with <Typography.Text keyboard>{shortcut}</Typography.Text>; the choice is
            remembered for seven days.
          </Typography.Paragraph>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="Session" style={{ height: "100%" }}>
          <Descriptions column={1} size="small" styles={{ label: { width: 140 } }}>
            <Descriptions.Item label="Signed in as">
              <span style={{ marginInlineEnd: 8 }}>{user.username}</span>
              <RoleTag role={user.type} />
            </Descriptions.Item>
            <Descriptions.Item label="Email">{user.email}</Descriptions.Item>
            <Descriptions.Item label="Account ID">
              <Typography.Text copyable code style={{ fontSize: 12 }}>
                {user._id}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="Session expires">
              {formatDateTime(user.expiresAt * 1000)}
              <Typography.Text type="secondary" style={{ marginInlineStart: 6 }}>
                ({remaining(user.expiresAt, now)})
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="Mode">
              {isImpersonating ? (
                <Tag color="warning">
                  Impersonation
                  {impersonatedUser?.impersonatedBy ? ` by ${impersonatedUser.impersonatedBy.username}` : ""}
                </Tag>
              ) : (
                <Tag color="success">Standard</Tag>
              )}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <WabaSolutionCard canChange={user.type === "admin"} />
      </Col>
    </Row>
  );
}

/** Settings (admin and reseller): preferences and session, plus the account panels (they have no `general`). */
export function SettingsPage() {
  // `?tab=account` lets the user menu's Account entry open the account panels directly.
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "account" ? "account" : "general";
  return (
    <>
      <PageHeader
        description="Preferences for this device, your session and your account."
        extra={
          <>
            <AdminBotsLink />
            <RatesLink />
          </>
        }
      />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === "account" ? { tab: key } : {}, { replace: true })}
        items={[
          { key: "general", label: "General", children: <Preferences /> },
          { key: "account", label: "Account", children: <AccountPanels /> },
        ]}
      />
    </>
  );
}
