import {
  CreditCardOutlined,
  LogoutOutlined,
  RocketOutlined,
  TeamOutlined,
  UserOutlined,
  UsergroupAddOutlined,
  WalletOutlined,
} from "@ant-design/icons";
import { Button, Divider, Dropdown, Space, Tag, Typography, theme, type MenuProps } from "antd";
import { cloneElement, isValidElement, useState, type ReactElement, type CSSProperties } from "react";
import { useNavigate } from "react-router";
import { MSG } from "../../../contract";
import { logout } from "../../security/auth-actions";
import { useSession } from "../../state/session";
import { formatINR } from "../format";
import { userMenuLinks } from "../navigation/user-menu-links";
import { LogoutModal } from "./logout-modal";
import { UserAvatar } from "./user-avatar";

export interface UserMenuProps {
  balance: number | null;
  balanceLoading: boolean;
  /** Small screens show the avatar only. */
  compact?: boolean;
}

/** SPEC 2's user menu: identity, balance, shortcuts and a guarded log out. */
export function UserMenu({ balance, balanceLoading, compact = false }: UserMenuProps) {
  const { user, isImpersonating } = useSession();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const [confirming, setConfirming] = useState(false);
  if (!user) return null;
  const links = userMenuLinks(user.type);
  const displayName = user.name?.trim() || user.username;

  const items: MenuProps["items"] = [
    {
      key: "upgrade",
      icon: <RocketOutlined />,
      disabled: true,
      label: (
        <Space>
          Upgrade to Pro <Tag color="gold">{MSG.comingSoon}</Tag>
        </Space>
      ),
    },
    { type: "divider" },
    { key: links.account, icon: <UserOutlined />, label: "Account" },
    ...(links.userManagement ? [{ key: links.userManagement, icon: <TeamOutlined />, label: "User Management" }] : []),
    ...(links.subUserManagement
      ? [{ key: `sub:${links.subUserManagement}`, icon: <UsergroupAddOutlined />, label: "Sub User Management" }]
      : []),
    { key: links.billing, icon: <CreditCardOutlined />, label: "Billing" },
    { type: "divider" },
    {
      key: "logout",
      icon: <LogoutOutlined />,
      danger: !isImpersonating,
      disabled: isImpersonating,
      label: isImpersonating ? MSG.impersonationNoLogout : "Log out",
    },
  ];

  const onClick: MenuProps["onClick"] = ({ key }) => {
    if (key === "logout") {
      if (!isImpersonating) setConfirming(true);
      return;
    }
    navigate(key.replace(/^sub:/, ""));
  };

  const panel: CSSProperties = {
    background: token.colorBgElevated,
    borderRadius: token.borderRadiusLG,
    boxShadow: token.boxShadowSecondary,
    minWidth: 260,
  };

  return (
    <>
      <Dropdown
        trigger={["click"]}
        placement="bottomRight"
        menu={{ items, onClick }}
        popupRender={(menu) => (
          <div style={panel}>
            <div style={{ padding: "12px 16px 8px" }}>
              <Space align="start">
                <UserAvatar name={user.name} username={user.username} size={36} />
                <div style={{ minWidth: 0 }}>
                  <Typography.Text strong style={{ display: "block" }}>
                    {displayName}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {user.email}
                  </Typography.Text>
                </div>
              </Space>
              <div style={{ marginTop: 10, display: "flex", justifyContent: "space-between", alignItems: "center" }}>
                <Typography.Text type="secondary">
                  <WalletOutlined /> Balance
                </Typography.Text>
                <Typography.Text strong>{balanceLoading ? MSG.loading : formatINR(balance)}</Typography.Text>
              </div>
            </div>
            <Divider style={{ margin: 0 }} />
            {isValidElement(menu)
              ? cloneElement(menu as ReactElement<{ style?: CSSProperties }>, { style: { boxShadow: "none" } })
              : menu}
          </div>
        )}
      >
        {/* Named by what it shows (WCAG 2.5.3), the person's name, then what it opens; the initials are decoration. */}
        <Button type="text" style={{ height: 40, paddingInline: 6 }}>
          <Space size={8}>
            <UserAvatar name={user.name} username={user.username} size={28} />
            {!compact && (
              <Typography.Text style={{ maxWidth: 140 }} ellipsis>
                {displayName}
              </Typography.Text>
            )}
          </Space>
          <span className="sr-only">{compact ? `${displayName}, user menu` : ", user menu"}</span>
        </Button>
      </Dropdown>
      <LogoutModal
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void logout();
          navigate("/");
        }}
      />
    </>
  );
}
