import { LockOutlined } from "@ant-design/icons";
import { Card, Col, Row, Tag, Typography, theme } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { ModuleName, Role } from "../../../../contract";
import { navDecision, navLeaves, navSections, type NavLeaf } from "../../../shell/navigation/nav-items";
import { NAV_ICONS } from "../../../shell/sidebar/nav-icons";
import { AccessRestrictedModal } from "../../../shell/sidebar/sidebar-dialogs";

const SHORTCUTS: Record<string, string> = {
  campaigns: "Create and track RCS, SMS and WhatsApp campaigns.",
  "manage-templates": "Design message templates for every channel.",
  chats: "Reply to customers in the live inbox.",
  channels: "Connect and configure RCS, SMS and WhatsApp.",
  "api-management": "Issue and manage API keys.",
  agents: "Invite live agents and watch their metrics.",
  reports: "Generate and download campaign reports.",
  "ai-agent-hub": "Build AI agents with your knowledge base.",
  workflows: "Automate replies and follow-ups.",
};

/** Shortcuts to the workspace modules, gated exactly like the sidebar (same items, same decision). */
export function ModuleShortcuts({ role, canUse }: { role: Role; canUse: (m: ModuleName) => boolean }) {
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const [restricted, setRestricted] = useState<string | null>(null);
  const leaves = navLeaves(navSections(role)).filter((l) => l.key in SHORTCUTS);

  const open = (leaf: NavLeaf) => {
    const d = navDecision(role, leaf, canUse);
    if (d.action === "restricted") setRestricted(leaf.label);
    else navigate(d.to);
  };

  return (
    <>
      <Row gutter={[12, 12]}>
        {leaves.map((leaf) => {
          const locked = Boolean(leaf.module && !canUse(leaf.module));
          return (
            <Col key={leaf.key} xs={24} sm={12} xxl={8}>
              <Card
                hoverable
                size="small"
                role="button"
                tabIndex={0}
                aria-label={locked ? `${leaf.label} (not enabled)` : leaf.label}
                onClick={() => open(leaf)}
                onKeyDown={(e) => {
                  if (e.key === "Enter" || e.key === " ") {
                    e.preventDefault();
                    open(leaf);
                  }
                }}
                style={{ height: "100%", opacity: locked ? 0.7 : 1 }}
              >
                <div style={{ display: "flex", gap: 12, alignItems: "flex-start" }}>
                  <span
                    style={{
                      fontSize: 18,
                      color: token.colorPrimary,
                      background: token.colorPrimaryBg,
                      borderRadius: 8,
                      width: 36,
                      height: 36,
                      display: "inline-flex",
                      alignItems: "center",
                      justifyContent: "center",
                      flexShrink: 0,
                    }}
                  >
                    {NAV_ICONS[leaf.icon]}
                  </span>
                  <div style={{ minWidth: 0 }}>
                    <Typography.Text strong>{leaf.label}</Typography.Text>
                    {locked && (
                      <Tag icon={<LockOutlined />} style={{ marginInlineStart: 8 }}>
                        Not enabled
                      </Tag>
                    )}
                    <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 13 }}>
                      {SHORTCUTS[leaf.key]}
                    </Typography.Paragraph>
                  </div>
                </div>
              </Card>
            </Col>
          );
        })}
      </Row>
      <AccessRestrictedModal item={restricted} onClose={() => setRestricted(null)} />
    </>
  );
}
