import { MessageFilled } from "@ant-design/icons";
import { Typography, theme } from "antd";
import { Link } from "react-router";
import { BRAND } from "../brand";

export function SidebarBrand({ collapsed, home }: { collapsed: boolean; home: string }) {
  const { token } = theme.useToken();
  return (
    <Link
      to={home}
      aria-label={`${BRAND.name} home`}
      style={{
        display: "flex",
        alignItems: "center",
        gap: 10,
        height: 56,
        paddingInline: collapsed ? 0 : 16,
        justifyContent: collapsed ? "center" : "flex-start",
        color: "inherit",
      }}
    >
      <span
        style={{
          display: "inline-flex",
          alignItems: "center",
          justifyContent: "center",
          width: 30,
          height: 30,
          borderRadius: 8,
          background: token.colorPrimary,
          color: "#fff",
          flexShrink: 0,
        }}
      >
        <MessageFilled />
      </span>
      {!collapsed && (
        <Typography.Text strong style={{ fontSize: 15 }} ellipsis>
          {BRAND.name}
        </Typography.Text>
      )}
    </Link>
  );
}
