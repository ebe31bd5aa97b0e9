import {
  CalendarOutlined,
  MessageOutlined,
  QuestionCircleOutlined,
  RiseOutlined,
  ShoppingOutlined,
} from "@ant-design/icons";
import { Alert, Button, Card, Col, Empty, Row, Skeleton, Space, Tag, Typography } from "antd";
import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { MSG, type CallReply } from "../../../contract";
import { areaPath } from "../../../resources/derive";
import { useCall, useCallMutation } from "../../api";
import { useSession } from "../../state/session";
import { PageHeader } from "../common/page-header";

type Template = CallReply<"ai.marketplace.list">["data"][number];
const ICONS: Record<string, ReactNode> = {
  order: <ShoppingOutlined />,
  calendar: <CalendarOutlined />,
  faq: <QuestionCircleOutlined />,
  lead: <RiseOutlined />,
};
const CHANNEL = { whatsapp: "WhatsApp", sms: "SMS", rcs: "RCS" } as const;

/**
 * Ready-made AI agents: one click makes the agent with its intents, sample knowledge, prompt and a business context to
 * fill in.
 */
export function MarketplaceList() {
  const role = useSession().user?.type;
  const navigate = useNavigate();
  const { query } = useCall("ai.marketplace.list", {}, { errorNotification: false });
  const installCall = useCallMutation("ai.marketplace.install");
  // The template being installed, so only its button spins.
  const [installingId, setInstallingId] = useState<string | undefined>(undefined);
  const installing = installCall.isPending ? installingId : undefined;

  const install = async (t: Template) => {
    const name = t.installed ? `${t.name} ${t.installed + 1}` : t.name;
    setInstallingId(t.id);
    try {
      const res = await installCall.mutateAsync({
        params: { id: t.id },
        body: { name },
        successNotification: (data) => ({
          type: "success",
          message: (data?.data as { message?: string } | undefined)?.message ?? "Agent created",
        }),
        errorNotification: (err) => ({ type: "error", message: err?.message || MSG.somethingWrong }),
      });
      navigate(
        `${role ? areaPath(role, "ai-agent-hub/agent") : "/"}?id=${encodeURIComponent(res.data._id)}&tab=knowledge`,
      );
    } catch {
      // The toast said why.
    }
  };

  return (
    <>
      <PageHeader description="Start from a ready-made agent. Each comes with intents, sample knowledge and a prompt; replace the sample knowledge with yours and switch it on." />
      {query.error && (
        <Alert
          type="error"
          showIcon
          message="Could not load the marketplace"
          description={query.error.message}
          action={<Button onClick={() => void query.refetch()}>Retry</Button>}
        />
      )}
      {query.isLoading && <Skeleton active />}
      {query.data && query.data.data.data.length === 0 && <Empty description="No templates" />}
      <Row gutter={[16, 16]}>
        {(query.data?.data.data ?? []).map((t) => (
          <Col xs={24} md={12} xl={6} key={t.id}>
            <Card
              style={{ height: "100%" }}
              styles={{ body: { display: "flex", flexDirection: "column", gap: 10, height: "100%" } }}
              title={
                <Space>
                  <span style={{ fontSize: 18 }}>{ICONS[t.icon] ?? <MessageOutlined />}</span>
                  {t.name}
                </Space>
              }
              extra={t.installed > 0 && <Tag color="green">{t.installed} in use</Tag>}
            >
              <Typography.Text type="secondary">{t.category}</Typography.Text>
              <Typography.Paragraph style={{ marginBottom: 0 }}>{t.description}</Typography.Paragraph>
              <div>
                {t.channels.map((c) => (
                  <Tag key={c}>{CHANNEL[c]}</Tag>
                ))}
              </div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t.intents.length} intents · {t.knowledge.length} knowledge entries
              </Typography.Text>
              <div>
                <Typography.Text strong style={{ fontSize: 12 }}>
                  Customers can ask
                </Typography.Text>
                <ul style={{ margin: "4px 0 0", paddingLeft: 18, fontSize: 13 }}>
                  {t.sampleQuestions.map((q) => (
                    <li key={q}>{q}</li>
                  ))}
                </ul>
              </div>
              <Button
                type="primary"
                style={{ marginTop: "auto" }}
                loading={installing === t.id}
                disabled={Boolean(installing) && installing !== t.id}
                onClick={() => void install(t)}
                aria-label={`${t.installed ? "Add another" : "Use this template"}: ${t.name}`}
              >
                {t.installed ? "Add another" : "Use this template"}
              </Button>
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
