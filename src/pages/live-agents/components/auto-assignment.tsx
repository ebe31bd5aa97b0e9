import { Button, Card, Flex, Form, InputNumber, Skeleton, Switch, Typography } from "antd";
import { useEffect } from "react";
import { MSG } from "../../../../contract";
import { useCall, useCallMutation } from "../../../api";
import { toast } from "../../../components/toast";

interface Values {
  autoAssign: boolean;
  agentCapacity: number;
  offlineGraceMinutes: number;
}

/**
 * The account's auto-assignment: new conversations go round robin to online members with room (away and offline
 * ones are skipped); an offline member's open conversations move on after the grace period.
 */
export function AutoAssignment() {
  const { query } = useCall("chats.assignment", {}, { errorNotification: false });
  const save = useCallMutation("chats.assignmentSave");
  const [form] = Form.useForm<Values>();
  const current = query.data?.data.data;
  useEffect(() => {
    if (current) form.setFieldsValue(current);
  }, [current, form]);
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (!current) return null;
  const submit = async (values: Values) => {
    try {
      await save.mutateAsync({ body: values, errorNotification: false });
      toast.success("Auto-assignment saved");
      void query.refetch();
    } catch (e) {
      toast.error(e instanceof Error ? e.message : MSG.somethingWrong);
    }
  };
  return (
    <Card size="small" title="Auto-assignment" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        New conversations go in turn to members who are online and have room; away and offline members are skipped.
      </Typography.Paragraph>
      <Form form={form} layout="inline" initialValues={current} onFinish={(v) => void submit(v)}>
        <Flex gap={16} wrap align="center">
          <Form.Item name="autoAssign" label="Assign automatically" valuePropName="checked" style={{ margin: 0 }}>
            <Switch />
          </Form.Item>
          <Form.Item name="agentCapacity" label="Open conversations per member" style={{ margin: 0 }}>
            <InputNumber min={1} max={500} precision={0} />
          </Form.Item>
          <Form.Item name="offlineGraceMinutes" label="Hand on after offline (minutes)" style={{ margin: 0 }}>
            <InputNumber min={1} max={1440} precision={0} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
