import { MenuFoldOutlined, MenuUnfoldOutlined, WalletOutlined } from "@ant-design/icons";
import { Button, Layout, Space, Spin, Tooltip, Typography, theme } from "antd";
import type { Role } from "../../../contract";
import { HEADER_HEIGHT_PX } from "../../lib/ui-constants";
import { formatINR } from "../format";
import { NotificationBell } from "../notifications/notification-bell";
import { UserMenu } from "../user-menu/user-menu";
import { HeaderBreadcrumbs } from "./header-breadcrumbs";
import { ThemeToggle } from "./theme-toggle";

export interface AppHeaderProps {
  role: Role;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  isMobile: boolean;
  balance: number | null;
  balanceLoading: boolean;
}

/** Header of SPEC 2: sidebar toggle, breadcrumbs, (reseller) balance, theme toggle, notifications and user menu. */
export function AppHeader({ role, sidebarOpen, onToggleSidebar, isMobile, balance, balanceLoading }: AppHeaderProps) {
  const { token } = theme.useToken();
  const shortcut = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform) ? "⌘B" : "Ctrl+B";
  return (
    <Layout.Header
      style={{
        position: "sticky",
        top: 0,
        zIndex: 10,
        display: "flex",
        alignItems: "center",
        gap: 12,
        height: HEADER_HEIGHT_PX,
        lineHeight: "normal",
        paddingInline: isMobile ? 12 : 20,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Tooltip title={`Toggle sidebar (${shortcut})`}>
        <Button
          type="text"
          aria-label="Toggle sidebar"
          aria-expanded={sidebarOpen}
          onClick={onToggleSidebar}
          icon={sidebarOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        />
      </Tooltip>
      <div style={{ flex: 1, minWidth: 0, overflow: "hidden", whiteSpace: "nowrap" }}>
        {!isMobile && <HeaderBreadcrumbs role={role} />}
      </div>
      <Space size={4} align="center">
        {role === "reseller" && (
          <Space size={6} style={{ paddingInline: 8 }} aria-label="Account balance">
            <WalletOutlined style={{ color: token.colorPrimary }} />
            {balanceLoading ? <Spin size="small" /> : <Typography.Text strong>{formatINR(balance)}</Typography.Text>}
          </Space>
        )}
        <ThemeToggle />
        <NotificationBell />
        <UserMenu balance={balance} balanceLoading={balanceLoading} compact={isMobile} />
      </Space>
    </Layout.Header>
  );
}
