import { ConfigProvider, Layout, Spin, theme } from "antd";
import { lazy, Suspense, useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { ROLE_AREAS, type ModuleName } from "../../contract";
import { SIDEBAR_WIDTH, SIDEBAR_WIDTH_COLLAPSED, TOAST_RESERVE_PX } from "../lib/ui-constants";
import { useAbility } from "../providers";
import { useSession } from "../state/session";
import { AppFooter } from "./app-footer";
import { LowBalanceBanner } from "./balance/low-balance-banner";
import { useBalance } from "./balance/use-balance";
import { BRAND } from "./brand";
import { AppHeader } from "./header/app-header";
import { ImpersonationBanner } from "./impersonation-banner";
import { breadcrumbsFor } from "../../resources";
import { isWorkspaceRole } from "./navigation/nav-items";
import { userMenuLinks } from "./navigation/user-menu-links";
import { SidebarBrand } from "./sidebar/sidebar-brand";
import { useNavDialogs } from "./sidebar/sidebar-dialogs";
import { SidebarMenu } from "./sidebar/sidebar-menu";
import { useSidebar } from "./sidebar/use-sidebar";

const MobileSidebar = lazy(() => import("./sidebar/mobile-sidebar").then((m) => ({ default: m.MobileSidebar })));

/** The collapsed rail is 3rem (SPEC 9); antd's menu assumes 80px unless told. */
const MENU_THEME = { components: { Menu: { collapsedWidth: 48, itemMarginInline: 6, itemBorderRadius: 6 } } };

function PageFallback() {
  return (
    <div style={{ display: "flex", justifyContent: "center", padding: 64 }}>
      <Spin size="large" />
    </div>
  );
}

/** The signed-in shell for every role area: sidebar, header, banners, the page, footer. */
export function AppLayout() {
  const { user } = useSession();
  const ability = useAbility();
  const sidebar = useSidebar();
  const dialogs = useNavDialogs();
  const { balance, loading } = useBalance();
  const { pathname } = useLocation();
  const { token } = theme.useToken();

  useEffect(() => {
    if (!user) return;
    const crumbs = breadcrumbsFor(user.type, pathname);
    document.title = `${crumbs[crumbs.length - 1]?.title ?? "Home"} · ${BRAND.name}`;
  }, [user, pathname]);

  if (!user) return null;
  const role = user.type;
  const canUse = (m: ModuleName) => ability.can("use", m);
  const collapsed = !sidebar.isMobile && !sidebar.expanded;
  const menu = (
    <ConfigProvider theme={MENU_THEME}>
      <SidebarMenu
        role={role}
        canUse={canUse}
        collapsed={collapsed}
        onNavigated={sidebar.closeMobile}
        dialogs={dialogs}
      />
    </ConfigProvider>
  );

  return (
    <Layout style={{ minHeight: "100vh" }}>
      {sidebar.isMobile ? (
        <Suspense fallback={null}>
          <MobileSidebar open={sidebar.mobileOpen} onClose={sidebar.closeMobile}>
            <SidebarBrand collapsed={false} home={ROLE_AREAS[role].home} />
            {menu}
          </MobileSidebar>
        </Suspense>
      ) : (
        <Layout.Sider
          width={SIDEBAR_WIDTH}
          collapsedWidth={SIDEBAR_WIDTH_COLLAPSED}
          collapsed={collapsed}
          trigger={null}
          theme="light"
          style={{
            position: "sticky",
            top: 0,
            height: "100vh",
            overflowY: "auto",
            overflowX: "hidden",
            borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
            background: token.colorBgContainer,
          }}
        >
          <SidebarBrand collapsed={collapsed} home={ROLE_AREAS[role].home} />
          {menu}
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <ImpersonationBanner />
        <AppHeader
          role={role}
          sidebarOpen={sidebar.isMobile ? sidebar.mobileOpen : sidebar.expanded}
          onToggleSidebar={sidebar.toggle}
          isMobile={sidebar.isMobile}
          balance={balance}
          balanceLoading={loading}
        />
        {/* An admin issues credit rather than spending its own balance, so a low-balance warning would only be noise. */}
        {role !== "admin" && (
          <LowBalanceBanner
            balance={balance}
            topUpPath={isWorkspaceRole(role) ? userMenuLinks(role).billing : undefined}
          />
        )}
        {/* At least a screen tall, so the footer starts below the fold: a page that grows as its chunk and data
            arrive no longer moves a visible footer (a layout shift Lighthouse counted on the dashboard). */}
        <Layout.Content
          style={{ padding: sidebar.isMobile ? 16 : 24, paddingBottom: TOAST_RESERVE_PX, minHeight: "100vh" }}
        >
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
        <AppFooter />
      </Layout>
      {dialogs.modals}
    </Layout>
  );
}
