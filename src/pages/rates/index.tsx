import { Alert, Button, Card, Col, Descriptions, Row, Skeleton, Typography } from "antd";
import { useState } from "react";
import { MSG, type RatesRecord } from "../../../contract";
import { useCall, useCallMutation } from "../../api";
import { AdminRateCards } from "./components/admin-cards";
import { GlobalRateHistory } from "./components/global-history";
import { RATE_KEYS_LABELS, SMS_BILLED_ON_LABELS, SMS_ROW_HELP } from "./components/rate-labels";
import { formatINR } from "../../shell/format";
import { LazySchemaForm, type FormValues } from "../common/lazy-schema-form";
import { PageHeader } from "../common/page-header";
import { FORM_SCHEMAS } from "../common/validators/form-schemas";

/** settings/rates (admin): the per-message rates campaign estimates and holds use, in rupees. */
export function RatesPage() {
  const { query } = useCall("rates.get", {}, { errorNotification: false });
  const updateCall = useCallMutation("rates.update");
  const rates: RatesRecord | undefined = query.data?.data.data;
  // Each saved change, global or on a card, reads the list of every change again.
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);

  const save = async (values: FormValues) => {
    try {
      await updateCall.mutateAsync({
        body: values,
        successNotification: () => ({
          type: "success",
          message: "Rates saved",
          description: "New campaign estimates use them from now on.",
        }),
        errorNotification: (err) => ({ type: "error", message: err?.message || MSG.somethingWrong }),
      });
      await query.refetch();
      changed();
    } catch {
      // The error notification has told the admin; the form keeps what was typed.
    }
  };

  return (
    <>
      <PageHeader description="What one message costs on each channel, in rupees, billed as each provider bills: WhatsApp and RCS only when delivered (a WhatsApp utility template is free when the customer wrote within 24 hours), SMS per part. Campaigns estimate, hold and bill with these rates, unless an account has a rate card of its own (below)." />
      {query.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={query.error?.message || MSG.somethingWrong}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title="Current rates">
            {query.isPending ? (
              <Skeleton active paragraph={{ rows: 5 }} />
            ) : rates ? (
              <Descriptions column={1} size="small" styles={{ label: { width: 200 } }}>
                {RATE_KEYS_LABELS.map(([key, label]) => (
                  <Descriptions.Item key={key} label={label}>
                    <span data-rate={key}>{formatINR(rates[key])}</span>
                  </Descriptions.Item>
                ))}
                <Descriptions.Item label="SMS billed on">
                  <span data-rate="sms_billed_on">{SMS_BILLED_ON_LABELS[rates.sms_billed_on]}</span>
                </Descriptions.Item>
              </Descriptions>
            ) : (
              <Typography.Text type="secondary">The rates could not be loaded.</Typography.Text>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title="Change rates">
            {query.isPending ? (
              <Skeleton active paragraph={{ rows: 5 }} />
            ) : (
              <LazySchemaForm
                schema={FORM_SCHEMAS.ratesUpdate}
                uiSchema={RATES_UI}
                formData={rates as FormValues | undefined}
                columns={2}
                submitText="Save rates"
                submitting={updateCall.isPending}
                onSubmit={(values) => void save(values)}
              />
            )}
          </Card>
        </Col>
      </Row>
      <AdminRateCards onSaved={changed} />
      <GlobalRateHistory version={version} />
    </>
  );
}

// A text input, not antd's InputNumber: InputNumber clamps a typed "-1" to the schema minimum and the form then
// saved ₹0.00 silently; as text the schema check refuses it in place (rjsf's NumberField still sends a number).
const RATES_UI = {
  ...Object.fromEntries(
    RATE_KEYS_LABELS.map(([key]) => [
      key,
      { "ui:options": { addonBefore: "₹", inputType: "text" }, "ui:placeholder": "0.00" },
    ]),
  ),
  sms: { "ui:options": { addonBefore: "₹", inputType: "text" }, "ui:placeholder": "0.00", "ui:help": SMS_ROW_HELP },
  sms_billed_on: {
    "ui:enumNames": Object.values(SMS_BILLED_ON_LABELS),
    "ui:help": "On delivery, an SMS with no delivery receipt by the settlement cut-off is given back.",
  },
};
