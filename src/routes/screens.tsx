import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { RouteKey } from "./paths";

type Screen = LazyExoticComponent<ComponentType>;

/** Lazy named export: each screen becomes its own chunk, loaded only behind login. */
function named<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): Screen {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const DashboardPage = named(() => import("../pages/areas/dashboard"), "DashboardPage");
const UsersPage = named(() => import("../pages/areas/users/users-page"), "UsersPage");
const QuotaPage = named(() => import("../pages/areas/quota/quota-page"), "QuotaPage");
const AccountPage = named(() => import("../pages/areas/account/account-page"), "AccountPage");
const BillingPage = named(() => import("../pages/areas/billing/billing-page"), "BillingPage");
const SettingsPage = named(() => import("../pages/areas/settings/settings-page"), "SettingsPage");

/**
 * Route key → screen. A key that is not here renders <ComingSoon title=…/> (see App). Sub-users share the
 * users screen; the reseller's quota-management and the workspace's quota-reports-management show the
 * reports screen (SPEC 2).
 */
export const SCREENS: Partial<Record<RouteKey, Screen>> = {
  dashboard: DashboardPage,
  users: UsersPage,
  "sub-users": UsersPage,
  "quota-reports": QuotaPage,
  "quota-management": QuotaPage,
  "quota-reports-management": QuotaPage,
  general: AccountPage,
  billing: BillingPage,
  settings: SettingsPage,
};
