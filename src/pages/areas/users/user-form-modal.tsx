import { Modal } from "antd";
import type { Role } from "../../../../contract";
import type { UserRecord } from "../../../api";
import { LazySchemaForm, type FormValues } from "../common/lazy-schema-form";
import { FORM_SCHEMAS, registerFormSchema } from "../common/validators/form-schemas";
import { changedFields, EDIT_UI_SCHEMA, editFormData, registerUiSchema } from "./user-schemas";

export function CreateUserModal({ open, caller, busy, onCancel, onSubmit }: { open: boolean; caller: Role; busy: boolean; onCancel: () => void; onSubmit: (v: FormValues) => void }) {
  const schema = registerFormSchema(caller);
  if (!schema) return null;
  return (
    <Modal open={open} title="Create user" footer={null} onCancel={onCancel} destroyOnHidden width={680}>
      <LazySchemaForm
        schema={schema}
        uiSchema={registerUiSchema(caller)}
        columns={2}
        submitText="Create user"
        submitting={busy}
        onCancel={onCancel}
        onSubmit={onSubmit}
      />
    </Modal>
  );
}

export function EditUserModal({ user, busy, onCancel, onSubmit }: { user: UserRecord | null; busy: boolean; onCancel: () => void; onSubmit: (changes: FormValues) => void }) {
  const initial = user ? editFormData(user) : {};
  return (
    <Modal open={user !== null} title={user ? `Edit ${user.username}` : "Edit user"} footer={null} onCancel={onCancel} destroyOnHidden width={680}>
      {user && (
        <LazySchemaForm
          schema={FORM_SCHEMAS.userUpdate}
          uiSchema={EDIT_UI_SCHEMA}
          formData={initial}
          columns={2}
          submitText="Save changes"
          submitting={busy}
          onCancel={onCancel}
          onSubmit={(values) => onSubmit(changedFields(initial, values))}
        />
      )}
    </Modal>
  );
}
