import { Button, Modal, Typography } from "antd";
import { MSG } from "../../../contract";

export interface LogoutModalProps {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** SPEC 2's logout confirmation, word for word. */
export function LogoutModal({ open, onCancel, onConfirm }: LogoutModalProps) {
  return (
    <Modal
      open={open}
      title={MSG.logoutTitle}
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel} autoFocus>
          Cancel
        </Button>,
        <Button key="logout" type="primary" danger onClick={onConfirm}>
          Logout
        </Button>,
      ]}
    >
      <Typography.Paragraph style={{ marginBottom: 0 }}>{MSG.logoutText}</Typography.Paragraph>
    </Modal>
  );
}
