import { useCreate, type HttpError } from "@refinedev/core";
import { Alert, Button, Card, Empty, Skeleton } from "antd";
import { useMemo } from "react";
import { Link, useNavigate } from "react-router";
import { useAbility } from "../../providers";
import { PageHeader } from "../common/page-header";
import { TemplateEditor } from "./components/template-editor";
import type { TemplateValues } from "./components/use-template-editor";
import { useSmsTemplates, type SmsTemplate } from "./use-sms-templates";
import { useTemplatePaths } from "./use-template-paths";

/** manage-templates/create-sms: a new DLT template with the live counter and the phone preview. */
export function SmsTemplatesCreate() {
  const { accounts, loading, error, refetch } = useSmsTemplates();
  const paths = useTemplatePaths();
  const navigate = useNavigate();
  const ability = useAbility();
  const { mutateAsync, mutation } = useCreate<SmsTemplate, HttpError, TemplateValues>();
  const initial = useMemo(() => {
    const first = accounts.find((a) => a.isActive) ?? accounts[0];
    return first ? { smsAccountId: first.id } : undefined;
  }, [accounts]);

  const save = async (values: TemplateValues): Promise<HttpError | null> => {
    try {
      await mutateAsync({
        resource: "sms-templates",
        values,
        successNotification: () => ({ type: "success", message: `Template ${values.name} created` }),
        // The editor shows the server's message beside the form (SPEC 8: create shows the server's message field).
        errorNotification: false,
      });
      navigate(paths.list);
      return null;
    } catch (e) {
      return e as HttpError;
    }
  };

  return (
    <>
      <PageHeader description="Write the content exactly as registered on DLT; each {#var#} is filled in when the message is sent." />
      {error ? (
        <Alert
          type="error"
          showIcon
          message={error}
          action={
            <Button size="small" onClick={() => void refetch()}>
              Retry
            </Button>
          }
        />
      ) : loading ? (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : accounts.length === 0 ? (
        <Card>
          <Empty
            description="There is no SMS account to write templates for yet."
            children={
              ability.can("call", "sms.accounts.list") ? (
                <Link to={paths.channel}>Open the SMS channel</Link>
              ) : undefined
            }
          />
        </Card>
      ) : (
        <TemplateEditor
          accounts={accounts}
          initial={initial}
          submitText="Save template"
          submitting={mutation.isPending}
          onSave={save}
          onCancel={() => navigate(paths.list)}
        />
      )}
    </>
  );
}
