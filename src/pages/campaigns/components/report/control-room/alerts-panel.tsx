import { Button, Checkbox, Descriptions, Flex, Form, InputNumber, Switch, Table, Tag, Typography } from "antd";
import { useEffect } from "react";
import { MSG } from "../../../../../../contract";
import { ALERT_LABELS, ALERT_TARGETS, type AlertTarget } from "../../../../../../contract/domain/control-room";
import { campaignAlerts } from "../../../../../../schemas/campaign-alerts";
import { useCallMutation } from "../../../../../api";
import { toast } from "../../../../../components/toast";
import { formatINR, formatNumericDateTime } from "../../../../../shell/format";
import { fieldErrorsOf } from "../../../../common/field-errors";
import {
  alertBody,
  alertFormValues,
  anyAlertSet,
  type AlertFormValues,
  type AlertSettings,
  type CampaignLive,
} from "./control-room-data";

// The field titles and bounds are the shared schema's (the server validates the same one).
const FIELDS = campaignAlerts.properties;

const TARGET_LABELS: Readonly<Record<AlertTarget, string>> = {
  bell: "Bell (notifications)",
  mail: "Mail to the campaign's owner",
  webhook: "The account's webhooks",
};
const TARGET_OPTIONS = ALERT_TARGETS.map((t) => ({ value: t, label: TARGET_LABELS[t] }));

/** The sender's alert settings: thresholds left empty are off. The server's refusals are said under their fields. */
export function AlertsForm({
  campaignId,
  alerts,
  onSaved,
}: {
  campaignId: string;
  alerts: AlertSettings;
  onSaved: () => void;
}) {
  const save = useCallMutation("campaigns.alerts");
  const [form] = Form.useForm<AlertFormValues>();
  // The saved settings, by value: a refetch every few seconds must not undo what the person is typing.
  const savedKey = JSON.stringify(alerts);
  useEffect(() => {
    if (!form.isFieldsTouched()) form.setFieldsValue(alertFormValues(JSON.parse(savedKey) as AlertSettings));
  }, [savedKey, form]);

  const submit = async (v: AlertFormValues) => {
    try {
      const reply = await save.mutateAsync({
        params: { id: campaignId },
        body: alertBody(v),
        errorNotification: false,
      });
      toast.success("Alerts saved");
      // Untouched again, showing what the server kept: the next refetch may bring it in again.
      form.resetFields();
      form.setFieldsValue(alertFormValues(reply.data.alerts));
      onSaved();
    } catch (e) {
      const byField = fieldErrorsOf(e);
      const known = (Object.keys(FIELDS) as (keyof AlertFormValues)[]).filter((k) => byField[k]?.length);
      if (known.length) form.setFields(known.map((name) => ({ name, errors: byField[name] ?? [] })));
      else toast.error(e instanceof Error && e.message ? e.message : MSG.somethingWrong);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={alertFormValues(alerts)}
      onFinish={(v) => void submit(v)}
      aria-label="Alerts"
      disabled={save.isPending}
    >
      <Flex gap={16} wrap>
        <Form.Item
          name="failureRatePercent"
          label={FIELDS.failureRatePercent.title}
          extra="Of the latest messages; empty: off."
          style={{ flex: "1 1 200px" }}
        >
          <InputNumber
            min={FIELDS.failureRatePercent.minimum}
            max={FIELDS.failureRatePercent.maximum}
            precision={0}
            addonAfter="%"
            placeholder="Off"
            style={{ width: "100%" }}
          />
        </Form.Item>
        <Form.Item
          name="costLimit"
          label={FIELDS.costLimit.title}
          extra="Spent so far; empty: off."
          style={{ flex: "1 1 200px" }}
        >
          <InputNumber
            min={FIELDS.costLimit.minimum}
            max={FIELDS.costLimit.maximum}
            precision={2}
            prefix="₹"
            placeholder="Off"
            style={{ width: "100%" }}
          />
        </Form.Item>
      </Flex>
      <Form.Item name="targets" label={FIELDS.targets.title}>
        <Checkbox.Group options={TARGET_OPTIONS} />
      </Form.Item>
      <Flex gap={8} align="center" style={{ marginBottom: 16 }}>
        <Form.Item name="pauseOnAlert" valuePropName="checked" noStyle>
          <Switch id="alerts-pause" />
        </Form.Item>
        <label htmlFor="alerts-pause">{FIELDS.pauseOnAlert.title}</label>
      </Flex>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        Save alerts
      </Button>
    </Form>
  );
}

/** The settings as text, for those who read a customer's campaign (admins, resellers) and cannot change them. */
export function AlertsSummary({ alerts }: { alerts: AlertSettings }) {
  if (!anyAlertSet(alerts)) return <Typography.Text type="secondary">No alerts are set.</Typography.Text>;
  return (
    <Descriptions size="small" column={1} bordered data-testid="alert-settings">
      <Descriptions.Item label="Failure rate">
        {alerts.failureRatePercent === null ? "Off" : `Past ${alerts.failureRatePercent}%`}
      </Descriptions.Item>
      <Descriptions.Item label="Cost">
        {alerts.costLimit === null ? "Off" : `Past ${formatINR(alerts.costLimit)}`}
      </Descriptions.Item>
      <Descriptions.Item label="When one fires">
        {alerts.pauseOnAlert ? "Pause the campaign" : "Alert only"}
      </Descriptions.Item>
      <Descriptions.Item label="Sent to">
        {alerts.targets.length ? alerts.targets.map((t) => TARGET_LABELS[t]).join(", ") : "Nowhere"}
      </Descriptions.Item>
    </Descriptions>
  );
}

type Fired = CampaignLive["fired"][number];

/** Alerts fired for the campaign, newest first, with whether each paused it. */
export function FiredAlerts({ fired }: { fired: readonly Fired[] }) {
  // A sentence rather than an empty table: antd's empty cell is too faint to read (axe: 1.8:1).
  if (fired.length === 0) return <Typography.Text type="secondary">No alert has fired.</Typography.Text>;
  return (
    <Table<Fired>
      size="small"
      rowKey={(r) => `${r.kind}|${r.at}`}
      dataSource={[...fired]}
      pagination={false}
      columns={[
        {
          title: "Time",
          dataIndex: "at",
          width: 150,
          render: (v: string) => <span style={{ fontVariantNumeric: "tabular-nums" }}>{formatNumericDateTime(v)}</span>,
        },
        { title: "Alert", dataIndex: "kind", width: 110, render: (k: Fired["kind"]) => ALERT_LABELS[k] },
        { title: "What happened", dataIndex: "message" },
        {
          title: "Paused",
          dataIndex: "paused",
          width: 100,
          render: (p: boolean) => (p ? <Tag color="orange">Paused it</Tag> : <Tag>Alert only</Tag>),
        },
      ]}
    />
  );
}
