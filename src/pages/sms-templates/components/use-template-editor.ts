import type { HttpError } from "@refinedev/core";
import { Form } from "antd";
import type { TextAreaRef } from "antd/es/input/TextArea";
import { useMemo, useRef, useState } from "react";
import { checkSmsTemplate, SMS_VARIABLE, type SmsCategory } from "../../../../contract/domain/sms";
import type { SmsAccountChoice } from "../use-sms-templates";

export interface TemplateValues {
  smsAccountId: string;
  name: string;
  body: string;
  category: SmsCategory;
  senderId: string;
  dltTemplateId: string;
}

type Field = keyof TemplateValues;

/**
 * The editor's state: the values as typed, the DLT rules of contract/domain/sms.ts run on every keystroke (shown
 * for a field once it was touched, or all after a save attempt), and the server's refusal when it has the last word.
 */
export function useTemplateEditor(
  accounts: readonly SmsAccountChoice[],
  onSave: (values: TemplateValues) => Promise<HttpError | null>,
) {
  const [form] = Form.useForm<TemplateValues>();
  const watched = Form.useWatch([], form) as Partial<TemplateValues> | undefined;
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<HttpError | null>(null);
  const bodyRef = useRef<TextAreaRef>(null);

  const values: TemplateValues = {
    smsAccountId: watched?.smsAccountId ?? "",
    name: watched?.name ?? "",
    body: watched?.body ?? "",
    category: (watched?.category ?? "") as SmsCategory,
    senderId: watched?.senderId ?? "",
    dltTemplateId: watched?.dltTemplateId ?? "",
  };
  const account = accounts.find((a) => a.id === values.smsAccountId);

  const problems = useMemo(() => {
    const out: Partial<Record<Field, string>> = {};
    if (!values.smsAccountId) out.smsAccountId = "is required";
    for (const e of checkSmsTemplate(values, account?.senderIds)) out[e.field as Field] ??= e.message;
    return out;
    // The values object is rebuilt each render; its fields are the inputs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values.smsAccountId, values.name, values.body, values.category, values.senderId, values.dltTemplateId, account]);

  /** A field's hint: the rule it breaks once touched, else the server's message for it. */
  const hint = (field: Field): string | undefined => {
    const local = problems[field];
    if (local && (tried || form.isFieldTouched(field))) return local;
    const server: unknown = serverError?.errors?.[field];
    return Array.isArray(server) ? server.join(", ") : undefined;
  };

  const insertVariable = () => {
    const el = bodyRef.current?.resizableTextArea?.textArea;
    const body = values.body;
    const at = el ? el.selectionStart : body.length;
    const end = el ? el.selectionEnd : body.length;
    form.setFieldValue("body", `${body.slice(0, at)}${SMS_VARIABLE}${body.slice(end)}`);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + SMS_VARIABLE.length, at + SMS_VARIABLE.length);
    });
  };

  const save = async () => {
    setTried(true);
    if (Object.keys(problems).length) return;
    setServerError(null);
    setServerError(await onSave({ ...values, name: values.name.trim(), dltTemplateId: values.dltTemplateId.trim() }));
  };

  return { form, values, account, problems, hint, bodyRef, insertVariable, save, serverError };
}
