import { Alert, Checkbox, Modal, Space, Typography } from "antd";
import { useState } from "react";
import { MODULES, type ModuleName } from "../../../../contract";
import type { UserRecord } from "../../../api";

/** What each module switches on in the workspace sidebar (SPEC 2). */
export const MODULE_LABELS: Record<ModuleName, { label: string; hint: string }> = {
  campaign: { label: "Campaigns", hint: "Campaign Management" },
  template: { label: "Templates", hint: "Template Management" },
  chat: { label: "Conversations", hint: "Live chat inbox" },
  api: { label: "API", hint: "API Control and keys" },
  agent: { label: "Team Members", hint: "Live agents" },
};

export interface PermissionsModalProps {
  user: UserRecord | null;
  busy: boolean;
  /** Modules the caller holds; only those can be granted. */
  grantable: (m: ModuleName) => boolean;
  onCancel: () => void;
  onSubmit: (modules: ModuleName[]) => void;
}

function PermissionsBody({
  user,
  grantable,
  onChange,
}: {
  user: UserRecord;
  grantable: PermissionsModalProps["grantable"];
  onChange: (m: ModuleName[]) => void;
}) {
  const [value, setValue] = useState<ModuleName[]>(user.modulePermissions ?? []);
  const blocked = MODULES.filter((m) => !grantable(m));
  return (
    <>
      <Typography.Paragraph type="secondary">
        Choose which modules {user.username} can open. The new set replaces the current one.
      </Typography.Paragraph>
      <Checkbox.Group
        value={value}
        onChange={(next) => {
          setValue(next as ModuleName[]);
          onChange(next as ModuleName[]);
        }}
        style={{ width: "100%" }}
      >
        <Space direction="vertical" style={{ width: "100%" }}>
          {MODULES.map((m) => (
            <Checkbox key={m} value={m} disabled={!grantable(m)}>
              <Typography.Text strong>{MODULE_LABELS[m].label}</Typography.Text>{" "}
              <Typography.Text type="secondary">· {MODULE_LABELS[m].hint}</Typography.Text>
            </Checkbox>
          ))}
        </Space>
      </Checkbox.Group>
      {blocked.length > 0 && (
        <Alert
          style={{ marginTop: 16 }}
          type="info"
          showIcon
          message="Modules your own account does not have cannot be granted."
        />
      )}
    </>
  );
}

export function PermissionsModal({ user, busy, grantable, onCancel, onSubmit }: PermissionsModalProps) {
  const [selected, setSelected] = useState<ModuleName[] | null>(null);
  return (
    <Modal
      open={user !== null}
      title={user ? `Module permissions · ${user.username}` : "Module permissions"}
      okText="Save permissions"
      confirmLoading={busy}
      onOk={() => user && onSubmit(selected ?? user.modulePermissions ?? [])}
      onCancel={onCancel}
      afterClose={() => setSelected(null)}
      destroyOnHidden
    >
      {user && <PermissionsBody key={user._id} user={user} grantable={grantable} onChange={setSelected} />}
    </Modal>
  );
}
