import { PlusOutlined, ReloadOutlined, TeamOutlined } from "@ant-design/icons";
import { Button, Card, Col, Empty, Flex, Input, Row, Statistic, Table, Tooltip } from "antd";
import { Outlet } from "react-router";
import { CREATABLE_ROLES, type Role } from "../../../contract";
import type { UserRecord } from "../../api";
import { useAbility } from "../../providers";
import { useSession } from "../../state/session";
import { formatINR } from "../../shell/format";
import { AccountPicker } from "../common/account-picker";
import { PageHeader } from "../common/page-header";
import { BalanceChangeModal } from "./components/balance-change-modal";
import { PermissionsModal } from "./components/permissions-modal";
import { USERS_TABLE_MIN_WIDTH, usersColumns, type RowAbilities } from "./components/users-columns";
import { useUsersList } from "./use-users-list";

const DESCRIPTIONS = {
  admin: "Every account on the platform: balances, status, module access.",
  reseller: "The customer accounts you manage: balances, status, module access.",
  workspace: "People in your organization: balances, status, module access.",
  subUsers: "Accounts created under one of your accounts.",
} as const;

/** What the create and edit child routes (create.tsx, edit.tsx) read from the list they open over. */
export interface UsersOutletContext {
  caller: Role;
  rows: readonly UserRecord[];
}

/** Users Management (admin, reseller), User Administration and Sub-Account Management (manager). */
export function UsersList() {
  const { user } = useSession();
  const ability = useAbility();
  const page = useUsersList();
  const role = user?.type ?? "user";
  const description = page.isSubUsers
    ? DESCRIPTIONS.subUsers
    : role === "admin" || role === "reseller"
      ? DESCRIPTIONS[role]
      : DESCRIPTIONS.workspace;

  const can: RowAbilities = {
    edit: ability.can("call", "users.update"),
    add: ability.can("call", "balance.add"),
    deduct: ability.can("call", "balance.deduct"),
    permissions: ability.can("call", "users.grantPermission"),
    impersonate: ability.can("call", "auth.impersonate"),
  };
  const canCreate = ability.can("call", "auth.register") && CREATABLE_ROLES[role].length > 0 && !page.isSubUsers;
  const columns = usersColumns(
    can,
    { open: page.setDialog, edit: page.openEdit, impersonate: page.impersonate },
    page.sorters,
  );
  const d = page.dialog;
  const waitingForParent = page.isSubUsers && !page.parentId;
  const rows = (page.tableProps.dataSource ?? []) as readonly UserRecord[];

  return (
    <>
      <PageHeader
        description={description}
        extra={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={page.openCreate}>
              Create user
            </Button>
          )
        }
      />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} sm={12} lg={6}>
          <Card size="small">
            <Statistic
              title="Accounts"
              value={waitingForParent ? 0 : page.total}
              loading={page.isLoading && !waitingForParent}
              prefix={<TeamOutlined />}
            />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card size="small">
            <Statistic
              title="Total balance"
              value={formatINR(waitingForParent ? 0 : page.totalBalance)}
              loading={page.isLoading && !waitingForParent}
            />
          </Card>
        </Col>
      </Row>
      <Card styles={{ body: { padding: 0 } }}>
        <Flex gap={12} wrap align="center" style={{ padding: 16 }}>
          {page.isSubUsers && (
            <AccountPicker
              value={page.parentId}
              onChange={page.setParentId}
              placeholder="Choose an account"
              ariaLabel="Parent account"
            />
          )}
          <Input.Search
            allowClear
            placeholder="Search username, name, email or company"
            onSearch={page.setSearch}
            style={{ maxWidth: 360 }}
            aria-label="Search users"
          />
          <div style={{ flex: 1 }} />
          <Tooltip title="Refresh">
            <Button
              icon={<ReloadOutlined />}
              onClick={() => void page.refresh()}
              aria-label="Refresh"
              disabled={waitingForParent}
            />
          </Tooltip>
        </Flex>
        <Table
          {...page.tableProps}
          dataSource={waitingForParent ? [] : page.tableProps.dataSource}
          loading={waitingForParent ? false : page.tableProps.loading}
          rowKey="_id"
          columns={columns}
          scroll={{ x: USERS_TABLE_MIN_WIDTH }}
          pagination={{
            ...page.tableProps.pagination,
            showSizeChanger: false,
            showTotal: (t, [a, b]) => `${a}–${b} of ${t}`,
          }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  waitingForParent
                    ? "Choose an account to see its sub-accounts."
                    : page.search
                      ? `No accounts match “${page.search}”.`
                      : "No accounts yet."
                }
              />
            ),
          }}
        />
      </Card>

      <Outlet context={{ caller: role, rows } satisfies UsersOutletContext} />
      <BalanceChangeModal
        kind={d?.kind === "deduct" ? "deduct" : "add"}
        user={d?.kind === "add" || d?.kind === "deduct" ? d.user : null}
        busy={page.busy}
        onCancel={() => page.setDialog(null)}
        onSubmit={(amount, note) =>
          (d?.kind === "add" || d?.kind === "deduct") && void page.changeBalance(d.kind, d.user, amount, note)
        }
      />
      <PermissionsModal
        user={d?.kind === "permissions" ? d.user : null}
        busy={page.busy}
        grantable={(m) => ability.can("use", m)}
        onCancel={() => page.setDialog(null)}
        onSubmit={(modules) => d?.kind === "permissions" && void page.grantModules(d.user, modules)}
      />
    </>
  );
}
