import { PlusOutlined, ReloadOutlined, TeamOutlined } from "@ant-design/icons";
import { Button, Card, Col, Empty, Flex, Input, Row, Statistic, Table, Tooltip } from "antd";
import { CREATABLE_ROLES } from "../../../../contract";
import { useAbility } from "../../../providers";
import { useSession } from "../../../state/session";
import { formatINR } from "../../../shell/format";
import { AccountPicker } from "../common/account-picker";
import { PageHeader } from "../common/page-header";
import { BalanceChangeModal } from "./balance-change-modal";
import { PermissionsModal } from "./permissions-modal";
import { CreateUserModal, EditUserModal } from "./user-form-modal";
import { useUsersPage } from "./use-users-page";
import { USERS_TABLE_MIN_WIDTH, usersColumns, type RowAbilities } from "./users-columns";

const TITLES = {
  admin: { title: "Users Management", description: "Every account on the platform: balances, status, module access." },
  reseller: { title: "Users Management", description: "The customer accounts you manage: balances, status, module access." },
  manager: { title: "User Administration", description: "People in your organization: balances, status, module access." },
  subUsers: { title: "Sub-Account Management", description: "Accounts created under one of your accounts." },
} as const;

/** Users Management (admin, reseller), User Administration and Sub-Account Management (manager). */
export function UsersPage() {
  const { user } = useSession();
  const ability = useAbility();
  const page = useUsersPage();
  const role = user?.type ?? "user";
  const copy = page.isSubUsers ? TITLES.subUsers : role === "admin" || role === "reseller" ? TITLES[role] : TITLES.manager;

  const can: RowAbilities = {
    edit: ability.can("call", "users.update"),
    add: ability.can("call", "balance.add"),
    deduct: ability.can("call", "balance.deduct"),
    permissions: ability.can("call", "users.grantPermission"),
    impersonate: ability.can("call", "auth.impersonate"),
  };
  const canCreate = ability.can("call", "auth.register") && CREATABLE_ROLES[role].length > 0 && !page.isSubUsers;
  const columns = usersColumns(can, { open: page.setDialog, impersonate: page.impersonate });
  const d = page.dialog;
  const waitingForParent = page.isSubUsers && !page.parentId;

  return (
    <>
      <PageHeader
        title={copy.title}
        description={copy.description}
        extra={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => page.setDialog({ kind: "create" })}>
              Create user
            </Button>
          )
        }
      />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} sm={12} lg={6}>
          <Card size="small">
            <Statistic title="Accounts" value={waitingForParent ? 0 : page.total} loading={page.isLoading && !waitingForParent} prefix={<TeamOutlined />} />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card size="small">
            <Statistic title="Total balance" value={formatINR(waitingForParent ? 0 : page.totalBalance)} loading={page.isLoading && !waitingForParent} />
          </Card>
        </Col>
      </Row>
      <Card styles={{ body: { padding: 0 } }}>
        <Flex gap={12} wrap align="center" style={{ padding: 16 }}>
          {page.isSubUsers && (
            <AccountPicker value={page.parentId} onChange={page.setParentId} placeholder="Choose an account" ariaLabel="Parent account" />
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
            <Button icon={<ReloadOutlined />} onClick={page.refetch} aria-label="Refresh" disabled={waitingForParent} />
          </Tooltip>
        </Flex>
        <Table
          {...page.tableProps}
          dataSource={waitingForParent ? [] : page.tableProps.dataSource}
          loading={waitingForParent ? false : page.tableProps.loading}
          rowKey="_id"
          columns={columns}
          scroll={{ x: USERS_TABLE_MIN_WIDTH }}
          pagination={{ ...page.tableProps.pagination, showSizeChanger: false, showTotal: (t, [a, b]) => `${a}–${b} of ${t}` }}
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

      <CreateUserModal open={d?.kind === "create"} caller={role} busy={page.busy} onCancel={page.close} onSubmit={page.createUser} />
      <EditUserModal
        user={d?.kind === "edit" ? d.user : null}
        busy={page.busy}
        onCancel={page.close}
        onSubmit={(changes) => d?.kind === "edit" && page.updateUser(d.user, changes)}
      />
      <BalanceChangeModal
        kind={d?.kind === "deduct" ? "deduct" : "add"}
        user={d?.kind === "add" || d?.kind === "deduct" ? d.user : null}
        busy={page.busy}
        onCancel={page.close}
        onSubmit={(amount, note) => (d?.kind === "add" || d?.kind === "deduct") && page.changeBalance(d.kind, d.user, amount, note)}
      />
      <PermissionsModal
        user={d?.kind === "permissions" ? d.user : null}
        busy={page.busy}
        grantable={(m) => ability.can("use", m)}
        onCancel={page.close}
        onSubmit={(modules) => d?.kind === "permissions" && page.grantModules(d.user, modules)}
      />
    </>
  );
}
