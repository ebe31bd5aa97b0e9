import { useUpdate, useInvalidate, type HttpError } from "@refinedev/core";
import { Alert, Form, Input, Modal, Select, Typography } from "antd";
import { useEffect, useMemo, useState } from "react";
import {
  checkSmsAccount,
  DLT_ID_TYPICAL_LENGTH,
  normalizeHeader,
  SMS_HEADER_LENGTH,
} from "../../../../contract/domain/sms";
import type { SmsAccount } from "../use-sms-accounts";

interface Values {
  dltEntityId: string;
  senderIds: string[];
}

/** Edits an account's DLT registration: the principal entity id and the sender ids (headers) it may send under. */
export function RegistrationModal({ account, onClose }: { account: SmsAccount | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useUpdate<SmsAccount, HttpError, Values>();
  const [serverError, setServerError] = useState<string | null>(null);
  const values = Form.useWatch([], form) as Values | undefined;

  useEffect(() => {
    setServerError(null);
    if (account) form.setFieldsValue({ dltEntityId: account.dltEntityId, senderIds: account.senderIds });
  }, [account, form]);

  const problems = useMemo(() => {
    const errors = checkSmsAccount({ dltEntityId: values?.dltEntityId ?? "", senderIds: values?.senderIds ?? [] });
    return {
      dltEntityId: errors.find((e) => e.field === "dltEntityId")?.message,
      senderIds: errors.find((e) => e.field.startsWith("senderIds"))?.message,
      any: errors.length > 0,
    };
  }, [values]);

  const save = async () => {
    if (!account || !values || problems.any) return;
    setServerError(null);
    try {
      await mutateAsync({
        resource: "sms-accounts",
        id: account.id,
        values: { dltEntityId: values.dltEntityId.trim(), senderIds: values.senderIds.map(normalizeHeader) },
        successNotification: () => ({ type: "success", message: `DLT registration of ${account.name} saved` }),
        errorNotification: false,
      });
      await invalidate({ resource: "sms-accounts", invalidates: ["list"] });
      onClose();
    } catch (e) {
      setServerError((e as HttpError).message);
    }
  };

  const entityLength = values?.dltEntityId?.trim().length ?? 0;
  return (
    <Modal
      open={Boolean(account)}
      title={account ? `DLT registration · ${account.name}` : "DLT registration"}
      okText="Save"
      onOk={() => void save()}
      okButtonProps={{ disabled: problems.any, loading: mutation.isPending }}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Typography.Paragraph type="secondary">
        India's DLT requires every commercial SMS to carry the sender's registered principal entity id and one of its
        approved headers.
      </Typography.Paragraph>
      {serverError && <Alert type="error" showIcon message={serverError} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          name="dltEntityId"
          label="Principal entity id"
          validateStatus={values?.dltEntityId && problems.dltEntityId ? "error" : undefined}
          help={
            values?.dltEntityId && problems.dltEntityId
              ? problems.dltEntityId
              : `${entityLength} digits${entityLength && entityLength !== DLT_ID_TYPICAL_LENGTH ? ` · ids issued today have ${DLT_ID_TYPICAL_LENGTH}` : ""}`
          }
        >
          <Input
            inputMode="numeric"
            placeholder="1201159100000000001"
            maxLength={25}
            aria-label="Principal entity id"
          />
        </Form.Item>
        <Form.Item
          name="senderIds"
          label="Sender ids (headers)"
          validateStatus={problems.senderIds ? "error" : undefined}
          help={
            problems.senderIds ?? `${SMS_HEADER_LENGTH} letters each, as registered on DLT. Type one and press Enter.`
          }
          normalize={(v: string[]) => v.map(normalizeHeader)}
        >
          <Select mode="tags" open={false} tokenSeparators={[",", " "]} placeholder="ACMERT" aria-label="Sender ids" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
