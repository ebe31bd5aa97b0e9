import { Button, Modal, Typography } from "antd";
import { useState, type ReactNode } from "react";
import { MSG } from "../../../contract";
import { AccessRestrictedText } from "../../components/access-restricted";
import { SupportTicketForm } from "./support-ticket-form";

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
    text: "Tell us what you need help with: your account, campaigns, channels or billing. You can follow the answer under My tickets.",
  },
  feedback: {
    title: "Feedback",
    text: "We would like to hear what works and what does not.",
  },
} as const;

/**
 * SPEC 2 lists Support and Feedback without a route. Unless the deployment points them at its own pages
 * (BRAND.supportUrl / feedbackUrl), this dialog files a ticket (issue 37): a reseller's reaches its admin, an
 * admin's the operator. The form remounts on every opening (destroyOnHidden), so each starts empty.
 */
export function SupportModal({ kind, onClose }: { kind: "support" | "feedback" | null; onClose: () => void }) {
  const copy = kind ? COPY[kind] : null;
  return (
    <Modal open={copy !== null} title={copy?.title} onCancel={onClose} footer={null} destroyOnHidden>
      <Typography.Paragraph type="secondary">{copy?.text}</Typography.Paragraph>
      {kind && <SupportTicketForm kind={kind} onClose={onClose} />}
    </Modal>
  );
}

export interface NavDialogs {
  openRestricted: (item: string) => void;
  openDialog: (kind: "support" | "feedback") => void;
  /** The dialogs themselves, rendered where the hook's caller keeps them (outside the menu). */
  modals: ReactNode;
}

/** The sidebar's dialogs, held by the shell so they outlive the menu (see SidebarMenuProps.dialogs). */
export function useNavDialogs(): NavDialogs {
  const [restricted, setRestricted] = useState<string | null>(null);
  const [dialog, setDialog] = useState<"support" | "feedback" | null>(null);
  const modals = (
    <>
      <AccessRestrictedModal item={restricted} onClose={() => setRestricted(null)} />
      <SupportModal kind={dialog} onClose={() => setDialog(null)} />
    </>
  );
  return { openRestricted: setRestricted, openDialog: setDialog, modals };
}
