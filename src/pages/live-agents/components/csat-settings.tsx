import { Alert, Button, Card, Form, Input, Skeleton, Switch, Typography } from "antd";
import { useEffect } from "react";
import { MSG, type CallReply } from "../../../../contract";
import { CSAT_QUESTION_MAX } from "../../../../contract/domain/csat";
import { useCall, useCallMutation } from "../../../api";
import { toast } from "../../../components/toast";
import { fieldErrorsOf } from "../../common/field-errors";

type Csat = CallReply<"chats.csat">["data"];
interface Values {
  enabled: boolean;
  question: string;
  whatsappTemplate: string;
  smsDltTemplateId: string;
}

const toForm = (c: Csat): Values => ({
  ...c,
  whatsappTemplate: c.whatsappTemplate ?? "",
  smsDltTemplateId: c.smsDltTemplateId ?? "",
});
const orNull = (v: string) => (v.trim() ? v.trim() : null);

/**
 * The account's satisfaction survey: sent when a conversation is resolved, on each channel as its provider allows
 * (WhatsApp buttons, RCS suggested replies, SMS "reply 1-5"). Where free text is refused, only the template named here.
 */
export function CsatSettings() {
  const { query } = useCall("chats.csat", {}, { errorNotification: false });
  const save = useCallMutation("chats.csatSave");
  const [form] = Form.useForm<Values>();
  const current = query.data?.data.data;
  // SMS numbers on a DLT route that get no survey while no DLT template is chosen (the server names them).
  const warnings = query.data?.data.warnings ?? [];
  useEffect(() => {
    if (current) form.setFieldsValue(toForm(current));
  }, [current, form]);
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!current) return null;
  const submit = async (v: Values) => {
    try {
      await save.mutateAsync({
        body: {
          enabled: v.enabled,
          question: v.question.trim(),
          whatsappTemplate: orNull(v.whatsappTemplate),
          smsDltTemplateId: orNull(v.smsDltTemplateId),
        },
        errorNotification: false,
      });
      toast.success("Satisfaction survey saved");
      void query.refetch();
    } catch (e) {
      // A refused DLT template id is said under its field, where it is fixed.
      const dlt = fieldErrorsOf(e).smsDltTemplateId;
      if (dlt?.length) form.setFields([{ name: "smsDltTemplateId", errors: dlt }]);
      else toast.error(e instanceof Error ? e.message : MSG.somethingWrong);
    }
  };
  return (
    <Card size="small" title="Customer satisfaction" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        When a conversation is resolved, the customer is asked to rate it from 1 to 5. Answers within 24 hours count
        once, for the member who had the conversation.
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={toForm(current)}
        onFinish={(v) => void submit(v)}
        style={{ maxWidth: 640 }}
      >
        <Form.Item name="enabled" label="Ask for a rating on resolve" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="question"
          label="Question"
          rules={[{ required: true, whitespace: true, message: "Write the question" }]}
        >
          <Input.TextArea rows={2} maxLength={CSAT_QUESTION_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="whatsappTemplate"
          label="WhatsApp template after 24 hours"
          extra="An approved template's name. Without one, no survey goes to a customer who last wrote over 24 hours ago."
        >
          <Input maxLength={512} placeholder="e.g. csat_survey" />
        </Form.Item>
        <Form.Item
          name="smsDltTemplateId"
          label="DLT template ID for SMS"
          extra="The DLT template ID of one of your SMS templates (its registered text is sent). On a DLT route an SMS survey goes only as a registered template: without one, SMS conversations there get no survey."
        >
          <Input maxLength={512} placeholder="e.g. 1107161234567890123" />
        </Form.Item>
        {warnings.length > 0 && (
          <Alert
            type="warning"
            showIcon
            data-testid="csat-dlt-warnings"
            style={{ marginBottom: 16 }}
            message={
              warnings.length === 1 ? (
                warnings[0]
              ) : (
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {warnings.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              )
            }
          />
        )}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save survey
        </Button>
      </Form>
    </Card>
  );
}
