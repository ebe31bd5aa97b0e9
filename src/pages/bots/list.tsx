import { PlusOutlined, ReloadOutlined, RobotOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Col, Empty, Row, Skeleton } from "antd";
import { lazy, Suspense } from "react";
import { PageHeader } from "../common/page-header";
import { BotCard } from "./components/bot-card";
import { RbmSection } from "./components/rbm-section";
import { useBots } from "./use-bots";
import { useRbmChannels } from "./use-rbm-channels";

// Only the admin creates and edits: the drawer (RJSF form and the phone library) loads when first needed.
const BotDrawer = lazy(async () => ({ default: (await import("./components/bot-drawer")).BotDrawer }));

/** RCS Channel (workspace) and RCS Bots (admin): the bots as cards; the admin creates and edits them. */
export function BotsList() {
  const page = useBots();
  const rbm = useRbmChannels();
  let body;
  if (page.loading)
    body = (
      <Row gutter={[16, 16]}>
        {[0, 1, 2].map((k) => (
          <Col key={k} xs={24} md={12} xl={8}>
            <Card>
              <Skeleton active avatar paragraph={{ rows: 4 }} />
            </Card>
          </Col>
        ))}
      </Row>
    );
  else if (page.error)
    body = (
      <Alert
        type="error"
        showIcon
        message={page.error}
        action={
          <Button size="small" onClick={page.refetch}>
            Retry
          </Button>
        }
      />
    );
  else if (page.bots.length === 0)
    body = (
      <Card>
        <Empty
          image={<RobotOutlined style={{ fontSize: 48, opacity: 0.3 }} />}
          description={
            page.canCreate
              ? "No RCS bots yet. Create one for an account to start sending rich messages."
              : "No RCS bots yet. Your administrator creates and registers them for your account."
          }
        >
          {page.canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => page.setDrawer({ kind: "create" })}>
              Create bot
            </Button>
          )}
        </Empty>
      </Card>
    );
  else
    body = (
      <Row gutter={[16, 16]}>
        {page.bots.map((bot) => (
          <Col key={bot._id} xs={24} md={12} xl={8}>
            <BotCard
              bot={bot}
              showOwner={page.isAdmin}
              canToggle={page.canToggle}
              canEdit={page.canEdit}
              toggling={page.togglingId === bot._id}
              onToggle={(next) => void page.toggle(bot, next)}
              onEdit={() => page.setDrawer({ kind: "edit", bot })}
            />
          </Col>
        ))}
      </Row>
    );
  return (
    <>
      <PageHeader
        description={
          page.isAdmin
            ? "Every account's RCS bots, their registration and launch on each carrier."
            : "Your RCS bots: branding, use case and launch on each carrier."
        }
        extra={
          <>
            <Button icon={<ReloadOutlined />} onClick={page.refetch} loading={page.refreshing && !page.loading}>
              Refresh
            </Button>
            {page.canCreate && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => page.setDrawer({ kind: "create" })}>
                Create bot
              </Button>
            )}
          </>
        }
      />
      {body}
      {!page.isAdmin && <RbmSection page={rbm} bots={page.bots} />}
      {(page.canCreate || page.canEdit) && page.drawer && (
        <Suspense fallback={null}>
          <BotDrawer page={page} />
        </Suspense>
      )}
    </>
  );
}
