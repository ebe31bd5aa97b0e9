import { Checkbox, Form, Select, Switch, Typography } from "antd";
import type { Dispatch } from "react";
import {
  failoverConditionsOf,
  type FailoverChannel,
  type FailoverCondition,
} from "../../../../../contract/domain/campaigns";
import { useSmsTemplates } from "../../../sms-templates/use-sms-templates";
import { FAILOVER_CHANNEL_NAME, failoverConditionLabel } from "../failover-labels";
import { useContactFields } from "./use-contact-fields";
import { ValueInput } from "./value-input";
import { dltCount } from "./variables";
import type { Action, WizardState } from "./wizard-state";

/** WhatsApp and RCS: send an SMS template through an SMS account to recipients matching the chosen conditions. */
export function FailoverFields({
  channel,
  state,
  dispatch,
}: {
  channel: FailoverChannel;
  state: WizardState;
  dispatch: Dispatch<Action>;
}) {
  const f = state.draft.failover;
  const e = state.errors;
  const sms = useSmsTemplates(undefined, { notify: f.enabled });
  const templates = sms.templates.filter((t) => t.smsAccountId === f.smsAccountId);
  const contactFields = useContactFields().options;
  const err = (k: string) => (e[k] ? { validateStatus: "error" as const, help: e[k] } : {});
  return (
    <>
      <Form.Item
        label="SMS failover"
        htmlFor="failover-switch"
        extra={`Recipients ${FAILOVER_CHANNEL_NAME[channel]} cannot reach get an SMS instead, billed as SMS.`}
      >
        <Switch
          id="failover-switch"
          checked={f.enabled}
          onChange={(enabled) => dispatch({ type: "failover", patch: { enabled } })}
        />
      </Form.Item>
      {f.enabled && (
        <>
          <Form.Item label="Fail over when" required {...err("failover.conditions")}>
            <Checkbox.Group
              value={f.conditions}
              onChange={(v) => dispatch({ type: "failover", patch: { conditions: v as FailoverCondition[] } })}
              options={failoverConditionsOf(channel).map((c) => ({
                value: c,
                label: failoverConditionLabel(c, channel),
              }))}
            />
          </Form.Item>
          <Form.Item label="SMS account" htmlFor="failover-account" required {...err("failover.smsAccountId")}>
            <Select
              id="failover-account"
              aria-label="Failover SMS account"
              loading={sms.loading}
              value={f.smsAccountId || undefined}
              placeholder="Choose an SMS account"
              onChange={(v: string) =>
                dispatch({ type: "failover", patch: { smsAccountId: v, smsTemplateId: "", paramCount: 0, params: [] } })
              }
              options={sms.accounts.map((a) => ({
                value: a.id,
                label: a.isActive ? a.name : `${a.name} (inactive)`,
                disabled: !a.isActive,
              }))}
            />
          </Form.Item>
          <Form.Item label="SMS template" htmlFor="failover-template" required {...err("failover.smsTemplateId")}>
            <Select
              id="failover-template"
              aria-label="Failover SMS template"
              disabled={!f.smsAccountId}
              value={f.smsTemplateId || undefined}
              placeholder="Choose a DLT template"
              onChange={(v: string) => {
                const t = templates.find((x) => x.id === v);
                dispatch({ type: "failoverTemplate", smsTemplateId: v, paramCount: t ? dltCount(t.body) : 0 });
              }}
              options={templates.map((t) => ({ value: t.id, label: `${t.name} · ${t.senderId}` }))}
            />
          </Form.Item>
          {f.smsTemplateId && (
            <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
              {templates.find((t) => t.id === f.smsTemplateId)?.body}
            </Typography.Paragraph>
          )}
          {f.params.map((v, i) => (
            <Form.Item key={i} label={`SMS variable ${i + 1}`} required {...err(`failover.params.${i}`)}>
              <ValueInput
                label={`SMS variable ${i + 1}`}
                value={v}
                columns={state.draft.columns}
                contactFields={contactFields}
                onChange={(value) => dispatch({ type: "failoverParam", index: i, value })}
              />
            </Form.Item>
          ))}
        </>
      )}
    </>
  );
}
