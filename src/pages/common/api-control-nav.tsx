import { Tabs } from "antd";
import { useLocation, useNavigate } from "react-router";
import { areaPath } from "../../../resources/derive";
import { useSession } from "../../state/session";

/** API Control's screens, one tab each; the API keys screen shows the same bar (its path is API Control's own). */
const TABS = [
  { key: "api-management", label: "API keys" },
  { key: "api-management/webhooks", label: "Webhooks" },
  { key: "api-management/docs", label: "API Docs" },
] as const;

export function ApiControlNav() {
  const role = useSession().user?.type;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (!role) return null;
  // The longest tab path the address starts with (the delivery log belongs to Webhooks).
  const active = [...TABS].reverse().find((t) => pathname.startsWith(areaPath(role, t.key)))?.key ?? TABS[0].key;
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => navigate(areaPath(role, key))}
      items={TABS.map((t) => ({ key: t.key, label: t.label }))}
      style={{ marginBottom: 8 }}
    />
  );
}
