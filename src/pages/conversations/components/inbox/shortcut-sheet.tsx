import { Modal, Typography } from "antd";
import { INBOX_KEYS } from "./inbox-keys";

/** The `?` sheet: every inbox key and what it does. */
export function ShortcutSheet(props: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={props.open} onCancel={props.onClose} footer={null} title="Keyboard shortcuts" width={480}>
      <Typography.Paragraph type="secondary">
        Single keys, when you are not typing in a field. Alt+↑ and Alt+↓ also move between conversations while you
        write.
      </Typography.Paragraph>
      <table style={{ width: "100%", borderCollapse: "collapse" }}>
        <caption className="sr-only" style={{ position: "absolute", left: -9999 }}>
          Inbox keyboard shortcuts
        </caption>
        <thead>
          <tr>
            <th scope="col" style={{ textAlign: "start", paddingBlock: 6, width: 110 }}>
              Key
            </th>
            <th scope="col" style={{ textAlign: "start", paddingBlock: 6 }}>
              Action
            </th>
          </tr>
        </thead>
        <tbody>
          {INBOX_KEYS.map((row) => (
            <tr key={row.action}>
              <td style={{ paddingBlock: 6 }}>
                {row.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && " "}
                    <Typography.Text keyboard>{k}</Typography.Text>
                  </span>
                ))}
              </td>
              <td style={{ paddingBlock: 6 }}>{row.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
