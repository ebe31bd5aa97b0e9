import { Space, Tag, Tooltip } from "antd";
import { API_SCOPE_LABELS, type ApiScope } from "../../../../contract/domain/api-keys";
import { formatDateTime } from "../../../shell/format";
import type { ApiKey } from "./use-api-keys";

const STATUS = {
  active: { color: "green", label: "Active" },
  expired: { color: "orange", label: "Expired" },
  deactivated: { color: "default", label: "Deleted" },
} as const;

/** A key's status, and while an old secret still works after a regeneration, until when. */
export function KeyStatus({
  apiKey,
}: {
  apiKey: Pick<ApiKey, "status" | "previousSecretValidUntil" | "deactivatedAt" | "expiresAt">;
}) {
  const s = STATUS[apiKey.status];
  const title = apiKey.deactivatedAt
    ? `Deleted ${formatDateTime(apiKey.deactivatedAt)}`
    : apiKey.expiresAt
      ? `Expires ${formatDateTime(apiKey.expiresAt)}`
      : "Does not expire";
  return (
    <Space size={4} wrap>
      <Tooltip title={title}>
        <Tag color={s.color}>{s.label}</Tag>
      </Tooltip>
      {apiKey.previousSecretValidUntil && apiKey.status === "active" && (
        <Tooltip title="After a regeneration, the old secret keeps working until then">
          <Tag color="gold">Old secret until {formatDateTime(apiKey.previousSecretValidUntil)}</Tag>
        </Tooltip>
      )}
    </Space>
  );
}

export function ScopeTags({ scopes }: { scopes: readonly ApiScope[] }) {
  return (
    <Space size={4} wrap>
      {scopes.map((s) => (
        <Tag key={s} bordered={false}>
          {API_SCOPE_LABELS[s]}
        </Tag>
      ))}
    </Space>
  );
}
