import { EditOutlined, GlobalOutlined, PhoneOutlined, UserOutlined } from "@ant-design/icons";
import { Avatar, Button, Card, Flex, Popconfirm, Space, Switch, Tag, theme, Tooltip, Typography } from "antd";
import { useState } from "react";
import { RCS_USE_CASE_LABELS } from "../../../../contract/domain/rcs-bots";
import { BILLING_CATEGORY_LABELS, type BotRecord } from "../bot-schemas";
import { LaunchTags } from "./launch-tags";

const USE_CASE_COLOR = { OTP: "purple", TRANSACTIONAL: "blue", PROMOTIONAL: "magenta", MULTI_USE: "cyan" } as const;

/** An image that falls back to nothing when it cannot load (the CSP allows only our own origin's images). */
function useLoadable(url: string | null) {
  const [failed, setFailed] = useState<string | null>(null);
  return { src: url && failed !== url ? url : null, onError: () => setFailed(url) };
}

export interface BotCardProps {
  bot: BotRecord;
  showOwner: boolean;
  canToggle: boolean;
  canEdit: boolean;
  toggling: boolean;
  onToggle: (status: "active" | "inactive") => void;
  onEdit: () => void;
}

/** One RCS bot as recipients see its branding: banner, logo and colour, then its use case, status and launches. */
export function BotCard({ bot, showOwner, canToggle, canEdit, toggling, onToggle, onEdit }: BotCardProps) {
  const { token } = theme.useToken();
  const banner = useLoadable(bot.bannerUrl);
  const logo = useLoadable(bot.logoUrl);
  const active = bot.status === "active";
  const next = active ? "inactive" : "active";
  return (
    <Card
      data-testid={`bot-card-${bot.name}`}
      style={{ height: "100%", overflow: "hidden" }}
      styles={{ body: { paddingTop: 0 } }}
      cover={
        <div
          style={{
            height: 96,
            background: banner.src
              ? `center / cover no-repeat url("${banner.src}")`
              : `linear-gradient(135deg, ${bot.brandColor}, ${bot.brandColor}99)`,
          }}
        >
          {banner.src && <img src={banner.src} alt="" onError={banner.onError} style={{ display: "none" }} />}
        </div>
      }
    >
      <Flex justify="space-between" align="flex-end" style={{ marginTop: -28 }}>
        <Avatar
          size={56}
          src={logo.src ?? undefined}
          onError={() => {
            logo.onError();
            return false;
          }}
          style={{
            background: bot.brandColor,
            border: `3px solid ${token.colorBgContainer}`,
            fontSize: 24,
            fontWeight: 600,
          }}
        >
          {bot.name.charAt(0).toUpperCase()}
        </Avatar>
        <Space>
          {canEdit && (
            <Tooltip title="Edit bot">
              <Button size="small" icon={<EditOutlined />} onClick={onEdit} aria-label={`Edit ${bot.name}`} />
            </Tooltip>
          )}
          {canToggle ? (
            <Popconfirm
              title={active ? `Deactivate ${bot.name}?` : `Activate ${bot.name}?`}
              description={
                active ? "Campaigns and templates can no longer send through this bot." : "The bot can send again."
              }
              okText={active ? "Deactivate" : "Activate"}
              okButtonProps={{ danger: active }}
              onConfirm={() => onToggle(next)}
            >
              <Switch
                checked={active}
                loading={toggling}
                checkedChildren="Active"
                unCheckedChildren="Inactive"
                aria-label={`${bot.name} status`}
              />
            </Popconfirm>
          ) : (
            <Tag color={active ? "success" : "default"}>{active ? "Active" : "Inactive"}</Tag>
          )}
        </Space>
      </Flex>
      <Typography.Title level={5} style={{ margin: "10px 0 2px" }}>
        {bot.name}
      </Typography.Title>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 8 }}>
        {bot.description || "No description"}
      </Typography.Paragraph>
      <Flex gap={6} wrap style={{ marginBottom: 12 }}>
        <Tooltip title={RCS_USE_CASE_LABELS[bot.useCase]}>
          <Tag color={USE_CASE_COLOR[bot.useCase]}>{bot.useCase.replace("_", "-")}</Tag>
        </Tooltip>
        <Tag style={{ borderColor: bot.brandColor }}>
          <span
            style={{
              display: "inline-block",
              width: 10,
              height: 10,
              borderRadius: 2,
              background: bot.brandColor,
              marginInlineEnd: 6,
              verticalAlign: -1,
            }}
          />
          {bot.brandColor}
        </Tag>
        {bot.billingCategory === "conversational" && (
          <Tooltip title="Billed per 24-hour conversation after a reply">
            <Tag bordered={false}>{BILLING_CATEGORY_LABELS.conversational}</Tag>
          </Tooltip>
        )}
        {showOwner && (
          <Tag icon={<UserOutlined />} bordered={false}>
            {bot.username}
          </Tag>
        )}
      </Flex>
      <Typography.Text strong style={{ display: "block", marginBottom: 6, fontSize: 12 }}>
        Carrier launch
      </Typography.Text>
      <LaunchTags launch={bot.launch} />
      {(bot.phone || bot.website) && (
        <Flex gap={16} wrap style={{ marginTop: 12, fontSize: 12 }}>
          {bot.phone && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <PhoneOutlined /> {bot.phone}
            </Typography.Text>
          )}
          {bot.website && (
            <Typography.Link href={bot.website} target="_blank" rel="noreferrer" style={{ fontSize: 12 }}>
              <GlobalOutlined /> {new URL(bot.website).hostname}
            </Typography.Link>
          )}
        </Flex>
      )}
    </Card>
  );
}
