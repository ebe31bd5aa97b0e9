import { Alert, Button, Form, Input, Space, Typography } from "antd";
import { useState } from "react";
import { MSG, type ContactRecord } from "../../../../contract";
import { eraseConfirmed } from "../../../../contract/domain/contacts";
import { useCallMutation } from "../../../api";
import { toast } from "../../../components/toast";

/**
 * The drawer's erase (issue 39, DPDP/GDPR): it cannot be undone, so the button stays disabled until the contact's
 * number is typed (spaces and dashes ignored), which is the confirmation the server checks again.
 */
export function EraseSection(props: { contact: ContactRecord; onErased: () => Promise<void> }) {
  const { contact, onErased } = props;
  const [typed, setTyped] = useState("");
  const erase = useCallMutation("contacts.erase");
  const confirmed = eraseConfirmed(contact.number, typed.trim());

  const submit = async () => {
    try {
      const r = await erase.mutateAsync({
        params: { id: contact.id },
        body: { confirm: typed.trim() },
        successNotification: false,
        errorNotification: (err?: { message?: string }) => ({
          type: "error" as const,
          message: err?.message || MSG.somethingWrong,
        }),
      });
      toast.success(r.message);
      await onErased();
    } catch {
      // The error toast has said why; the typed number stays.
    }
  };

  return (
    <section aria-labelledby="erase-heading">
      <Typography.Title level={5} id="erase-heading">
        Erase this person
      </Typography.Title>
      <Space direction="vertical" style={{ width: "100%" }}>
        <Alert
          type="warning"
          showIcon
          message="Erasing cannot be undone"
          description="The number and everything they wrote or were sent leave every table: the contact, consent history, chats, inbound messages, campaign recipients' values and API messages' content. Amounts in the ledger stay. A hashed entry keeps them from being messaged again."
        />
        <Form layout="vertical" component="div" disabled={erase.isPending}>
          <Form.Item label={`Type ${contact.number} to confirm`} htmlFor="erase-confirm">
            <Input
              id="erase-confirm"
              value={typed}
              autoComplete="off"
              onChange={(e) => setTyped(e.target.value)}
              onPressEnter={() => confirmed && void submit()}
            />
          </Form.Item>
        </Form>
        <Button danger disabled={!confirmed} loading={erase.isPending} onClick={() => void submit()}>
          Erase person
        </Button>
      </Space>
    </section>
  );
}
