import { Button, Modal, Typography } from "antd";
import { MSG } from "../../../contract";
import { AccessRestrictedText } from "../../components/access-restricted";
import { useSession } from "../../state/session";

export function AccessRestrictedModal({ item, onClose }: { item: string | null; onClose: () => void }) {
  return (
    <Modal
      open={item !== null}
      title={MSG.accessRestrictedTitle}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} autoFocus>
          OK
        </Button>
      }
    >
      <AccessRestrictedText item={item} />
    </Modal>
  );
}

const COPY = {
  support: {
    title: "Support",
    text: "For help with your account, campaigns, channels or billing, contact your account manager.",
  },
  feedback: {
    title: "Feedback",
    text: "We would like to hear what works and what does not. Share your feedback with your account manager.",
  },
} as const;

/**
 * SPEC 2 lists Support and Feedback without a route. Unless the deployment points them at its own pages
 * (BRAND.supportUrl / feedbackUrl), this dialog says who to contact and gives the account id to quote.
 */
export function SupportModal({ kind, onClose }: { kind: "support" | "feedback" | null; onClose: () => void }) {
  const { user } = useSession();
  const copy = kind ? COPY[kind] : null;
  return (
    <Modal
      open={copy !== null}
      title={copy?.title}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} autoFocus>
          Close
        </Button>
      }
    >
      <Typography.Paragraph>{copy?.text}</Typography.Paragraph>
      {user && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          Quote your account ID so we can find you quickly:{" "}
          <Typography.Text code copyable>
            {user._id}
          </Typography.Text>
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
