import { Alert } from "antd";
import { DLT_TEMPLATES_ONLY } from "../../../../../contract/domain/chats";

export const WINDOW_CLOSED_HELP =
  "The customer last wrote more than 24 hours ago. WhatsApp allows only approved templates until they reply.";

/** The composer's way to the DLT route's templates besides the template picker: canned responses tied to one. */
export const DLT_CANNED_HINT = "Or type / for a canned response tied to a registered template.";

/** Above the reply box: why only templates may go, the reconnecting notice, the last send's error. */
export function ComposerAlerts(props: {
  closed: boolean;
  dlt: boolean;
  connected: boolean;
  error: string | null;
  onCloseError: () => void;
}) {
  return (
    <>
      {props.closed && (
        <Alert
          type="warning"
          showIcon
          message={
            <>
              <strong>Templates only.</strong>{" "}
              {props.dlt ? `${DLT_TEMPLATES_ONLY} ${DLT_CANNED_HINT}` : WINDOW_CLOSED_HELP}
            </>
          }
          style={{ marginBottom: 8 }}
        />
      )}
      {!props.connected && (
        <Alert
          type="info"
          showIcon
          message="Reconnecting… messages can be sent again once the connection is back."
          style={{ marginBottom: 8 }}
        />
      )}
      {props.error && (
        <Alert
          type="error"
          showIcon
          closable
          message={props.error}
          onClose={props.onCloseError}
          style={{ marginBottom: 8 }}
        />
      )}
    </>
  );
}
