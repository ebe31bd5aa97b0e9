import { LockOutlined } from "@ant-design/icons";
import { Menu, type MenuProps } from "antd";
import { useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { ModuleName, Role } from "../../../contract";
import {
  activeLeafKey,
  navDecision,
  navLeaves,
  navSections,
  type NavItem,
  type NavLeaf,
} from "../navigation/nav-items";
import { BRAND } from "../brand";
import type { NavDialogs } from "./sidebar-dialogs";
import { NAV_ICONS } from "./nav-icons";

type MenuItem = Required<MenuProps>["items"][number];

export interface SidebarMenuProps {
  role: Role;
  canUse: (module: ModuleName) => boolean;
  collapsed: boolean;
  /** Called after a navigation, so the mobile drawer can close. */
  onNavigated?: () => void;
  /**
   * Where Access Restricted and the Support/Feedback dialogs open: held above the menu (useNavDialogs), because the
   * menu remounts when the window crosses the mobile breakpoint (sider <-> drawer), and a dialog held here closed
   * with it, a half-written ticket lost.
   */
  dialogs: Pick<NavDialogs, "openRestricted" | "openDialog">;
}

function leafLabel(leaf: NavLeaf, locked: boolean) {
  // The title is the whole label as a tooltip, for the rare label that still does not fit.
  if (!locked) return <span title={leaf.label}>{leaf.label}</span>;
  // A lock tells the reader before clicking that this module is not enabled (the click explains why).
  return (
    <span style={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 8 }}>
      <span title={leaf.label}>{leaf.label}</span>
      <LockOutlined aria-label="Not enabled" style={{ fontSize: 12, opacity: 0.55 }} />
    </span>
  );
}

/** The sidebar items of SPEC 2 as an antd Menu, with module gating and the Support/Feedback dialogs. */
export function SidebarMenu({ role, canUse, collapsed, onNavigated, dialogs }: SidebarMenuProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sections = useMemo(() => navSections(role), [role]);
  const active = activeLeafKey(role, pathname, sections);
  // Groups start open so every destination is one click away; the reader can fold them.
  const [openKeys, setOpenKeys] = useState<string[]>(() =>
    sections.flatMap((s) => s.items.flatMap((i) => (i.kind === "group" ? [i.key] : []))),
  );

  const toMenuItem = (item: NavItem): MenuItem => {
    if (item.kind === "group") {
      return { key: item.key, icon: NAV_ICONS[item.icon], label: item.label, children: item.children.map(toMenuItem) };
    }
    if (item.kind === "dialog") return { key: item.key, icon: NAV_ICONS[item.icon], label: item.label };
    const locked = Boolean(item.module && !canUse(item.module));
    return { key: item.key, icon: NAV_ICONS[item.icon], label: leafLabel(item, locked), title: item.label };
  };

  // A collapsed rail has no room for a section title ("W…"), so the items stand alone there.
  const items: MenuItem[] = sections.flatMap((section): MenuItem[] =>
    section.title && !collapsed
      ? [
          {
            type: "group",
            key: `section-${section.title}`,
            label: section.title,
            children: section.items.map(toMenuItem),
          },
        ]
      : section.items.map(toMenuItem),
  );

  const onClick: MenuProps["onClick"] = ({ key }) => {
    if (key === "support" || key === "feedback") {
      const url = key === "support" ? BRAND.supportUrl : BRAND.feedbackUrl;
      if (url) window.open(url, "_blank", "noopener,noreferrer");
      else dialogs.openDialog(key);
      return;
    }
    const leaf = navLeaves(sections).find((l) => l.key === key);
    if (!leaf) return;
    const decision = navDecision(role, leaf, canUse);
    if (decision.action === "restricted") {
      dialogs.openRestricted(leaf.label);
      return;
    }
    navigate(decision.to);
    onNavigated?.();
  };

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={active ? [active] : []}
      inlineCollapsed={collapsed}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={onClick}
      className="app-sidebar-menu"
      style={{ borderInlineEnd: "none", background: "transparent" }}
    />
  );
}
