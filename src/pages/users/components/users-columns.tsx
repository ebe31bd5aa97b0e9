import {
  EditOutlined,
  LoginOutlined,
  MinusCircleOutlined,
  MoreOutlined,
  PlusCircleOutlined,
  SafetyOutlined,
} from "@ant-design/icons";
import { getDefaultSortOrder } from "@refinedev/antd";
import type { CrudSort } from "@refinedev/core";
import { Badge, Button, Dropdown, Space, Tooltip, Typography, type MenuProps, type TableColumnsType } from "antd";
import { MODULE_GATED_ROLES } from "../../../../contract";
import type { UserRecord } from "../../../api";
import { formatDate, formatINR } from "../../../shell/format";
import { RoleTag } from "../../common/role-tag";
import type { UsersDialog } from "../use-users-list";

export interface RowAbilities {
  edit: boolean;
  add: boolean;
  deduct: boolean;
  permissions: boolean;
  impersonate: boolean;
}

export interface ColumnHandlers {
  open: (dialog: UsersDialog) => void;
  edit: (user: UserRecord) => void;
  impersonate: (user: UserRecord) => void;
}

/**
 * The two everyday actions (balance, and for admins impersonation) are one click away; the rest sit in "More".
 * Impersonation opens a separate tab and leaves this one untouched, so it needs no confirmation.
 */
function RowActions({ user, can, on }: { user: UserRecord; can: RowAbilities; on: ColumnHandlers }) {
  const gated = MODULE_GATED_ROLES.includes(user.type);
  const items: NonNullable<MenuProps["items"]> = [];
  if (can.deduct) items.push({ key: "deduct", icon: <MinusCircleOutlined />, label: "Deduct balance" });
  // Admin and reseller accounts are not module-gated (SPEC 2), so there is nothing to grant them.
  if (can.permissions && gated)
    items.push({ key: "permissions", icon: <SafetyOutlined />, label: "Module permissions" });
  return (
    <Space size={0}>
      {can.edit && (
        <Button type="link" size="small" icon={<EditOutlined />} onClick={() => on.edit(user)}>
          Edit
        </Button>
      )}
      {can.add && (
        <Tooltip title="Add balance">
          <Button
            type="text"
            size="small"
            icon={<PlusCircleOutlined />}
            aria-label={`Add balance for ${user.username}`}
            onClick={() => on.open({ kind: "add", user })}
          />
        </Tooltip>
      )}
      {can.impersonate && (
        <Tooltip title="Impersonate (opens a new tab)">
          <Button
            type="text"
            size="small"
            icon={<LoginOutlined />}
            aria-label={`Impersonate ${user.username}`}
            onClick={() => on.impersonate(user)}
          />
        </Tooltip>
      )}
      {items.length > 0 && (
        <Dropdown
          trigger={["click"]}
          menu={{ items, onClick: ({ key }) => on.open({ kind: key as "deduct" | "permissions", user }) }}
        >
          <Button type="text" size="small" icon={<MoreOutlined />} aria-label={`More actions for ${user.username}`} />
        </Dropdown>
      )}
    </Space>
  );
}

/** Widths of the columns shown on a 1280 px screen with the sidebar open; the table scrolls below that. */
export const USERS_TABLE_MIN_WIDTH = 960;

/** Columns the list call sorts by (users.list `sort`); the order shown comes from the URL. */
export function usersColumns(
  can: RowAbilities,
  on: ColumnHandlers,
  sorters: CrudSort[] = [],
): TableColumnsType<UserRecord> {
  const sortable = (field: string) => ({ sorter: true, sortOrder: getDefaultSortOrder(field, sorters) ?? null });
  return [
    {
      title: "Username",
      dataIndex: "username",
      width: 130,
      ...sortable("username"),
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    {
      title: "Name",
      dataIndex: "name",
      width: 140,
      responsive: ["xl"],
      render: (v?: string) => v || <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: "Email",
      dataIndex: "email",
      width: 200,
      ellipsis: { showTitle: false },
      render: (v: string) => (
        <Tooltip title={v} placement="topLeft">
          {v}
        </Tooltip>
      ),
    },
    { title: "Role", dataIndex: "type", width: 120, render: (v: string) => <RoleTag role={v} /> },
    {
      title: "Status",
      dataIndex: "status",
      width: 100,
      render: (v: UserRecord["status"]) =>
        v === "active" ? <Badge status="success" text="Active" /> : <Badge status="error" text="Suspended" />,
    },
    {
      title: "Balance",
      dataIndex: "balance",
      align: "right",
      width: 130,
      ...sortable("balance"),
      render: (v: number) => <span style={{ fontVariantNumeric: "tabular-nums" }}>{formatINR(v)}</span>,
    },
    {
      title: "Created",
      dataIndex: "createdAt",
      width: 120,
      ...sortable("createdAt"),
      // The least needed column goes first on narrower screens, so balance and actions always fit.
      responsive: ["xxl"],
      render: (v: string) => <span style={{ whiteSpace: "nowrap" }}>{formatDate(v)}</span>,
    },
    {
      title: "Actions",
      key: "actions",
      fixed: "right",
      width: 140,
      render: (_: unknown, user: UserRecord) => <RowActions user={user} can={can} on={on} />,
    },
  ];
}
