import { useOne, useUpdate, type HttpError } from "@refinedev/core";
import { Alert, Drawer, Skeleton } from "antd";
import { useMemo } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { MSG } from "../../../contract";
import { TemplateEditor } from "./components/template-editor";
import type { TemplateValues } from "./components/use-template-editor";
import { errorToast, useSmsTemplates, type SmsTemplate } from "./use-sms-templates";

/** manage-templates/sms/edit/:id: the editor in a drawer over the list, so the list keeps its filter. */
export function SmsTemplatesEdit() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  const close = () => navigate({ pathname: "..", search });
  const { accounts } = useSmsTemplates(undefined, { notify: false });
  const { query } = useOne<SmsTemplate, HttpError>({
    resource: "sms-templates",
    id,
    errorNotification: errorToast(MSG.fetchSmsTemplate),
  });
  const { mutateAsync, mutation } = useUpdate<SmsTemplate, HttpError, Omit<TemplateValues, "smsAccountId">>();
  const template = query.data?.data;
  const initial = useMemo(
    () =>
      template && {
        smsAccountId: template.smsAccountId,
        name: template.name,
        body: template.body,
        category: template.category,
        senderId: template.senderId,
        dltTemplateId: template.dltTemplateId,
      },
    [template],
  );

  const save = async ({ smsAccountId: _account, ...values }: TemplateValues): Promise<HttpError | null> => {
    try {
      await mutateAsync({
        resource: "sms-templates",
        id,
        values,
        successNotification: () => ({ type: "success", message: `Template ${values.name} saved` }),
        errorNotification: false,
      });
      close();
      return null;
    } catch (e) {
      return e as HttpError;
    }
  };

  // The template's own account is always a choice, even when the account list is still loading.
  const choices =
    accounts.length || !template
      ? accounts
      : [{ id: template.smsAccountId, name: template.smsAccountName, isActive: true, senderIds: [template.senderId] }];
  return (
    <Drawer
      open
      width="min(1180px, 100vw)"
      title={template ? `Edit ${template.name}` : "Edit SMS template"}
      onClose={close}
      destroyOnHidden
    >
      {query.isError ? (
        <Alert type="error" showIcon message={query.error?.message || MSG.fetchSmsTemplate} />
      ) : !initial ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <TemplateEditor
          accounts={choices}
          initial={initial}
          lockAccount
          stickyTop={0}
          submitText="Save changes"
          submitting={mutation.isPending}
          onSave={save}
          onCancel={close}
        />
      )}
    </Drawer>
  );
}
