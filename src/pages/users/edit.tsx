import { Empty, Modal } from "antd";
import { LazySchemaForm } from "../common/lazy-schema-form";
import { FORM_SCHEMAS } from "../common/validators/form-schemas";
import { EDIT_UI_SCHEMA } from "./user-schemas";
import { useUserEditForm } from "./use-user-form";

/** users/edit/:id: a modal over the list, so the form has a URL. */
export function UsersEdit() {
  const form = useUserEditForm();
  const { user } = form;
  return (
    <Modal
      open
      title={user ? `Edit ${user.username}` : "Edit user"}
      footer={null}
      onCancel={form.close}
      destroyOnHidden
      width={680}
    >
      {user ? (
        <LazySchemaForm
          schema={FORM_SCHEMAS.userUpdate}
          uiSchema={EDIT_UI_SCHEMA}
          formData={form.initial}
          columns={2}
          submitText="Save changes"
          submitting={form.busy}
          onCancel={form.close}
          onSubmit={form.submit}
        />
      ) : (
        <Empty description="This account is not on the list's current page. Open it from the list." />
      )}
    </Modal>
  );
}
