import { Modal } from "antd";
import { LazySchemaForm } from "../common/lazy-schema-form";
import { registerFormSchema } from "../common/validators/form-schemas";
import { registerUiSchema } from "./user-schemas";
import { useUserCreateForm } from "./use-user-form";

/** users/create: a modal over the list, so the form has a URL. */
export function UsersCreate() {
  const form = useUserCreateForm();
  const schema = registerFormSchema(form.caller);
  if (!schema) return null;
  return (
    <Modal open title="Create user" footer={null} onCancel={form.close} destroyOnHidden width={680}>
      <LazySchemaForm
        schema={schema}
        uiSchema={registerUiSchema(form.caller)}
        columns={2}
        submitText="Create user"
        submitting={form.busy}
        onCancel={form.close}
        onSubmit={form.submit}
      />
    </Modal>
  );
}
