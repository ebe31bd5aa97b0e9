import { Alert, Button } from "antd";
import { useState } from "react";
import { MSG, ROLE_AREAS } from "../../contract";
import { toMessage } from "../api";
import { toast } from "../components/toast";
import { exitImpersonation } from "../security/impersonation";
import { useSession } from "../state/session";

/** SPEC 2/4: shown for the whole impersonated tab; Exit clears the state and closes the tab. */
export function ImpersonationBanner() {
  const { isImpersonating, impersonatedUser } = useSession();
  const [busy, setBusy] = useState(false);
  if (!isImpersonating) return null;
  const who = impersonatedUser
    ? `You are acting as ${impersonatedUser.username} (${ROLE_AREAS[impersonatedUser.type].label})${
        impersonatedUser.impersonatedBy ? ` on behalf of ${impersonatedUser.impersonatedBy.username}` : ""
      }. Logging out is disabled in this mode.`
    : undefined;
  return (
    <Alert
      type="info"
      banner
      showIcon
      message={
        <span>
          <strong>{MSG.impersonationBanner}</strong>
          {who && <span style={{ marginInlineStart: 8 }}>{who}</span>}
        </span>
      }
      action={
        <Button
          size="small"
          danger
          loading={busy}
          onClick={() => {
            setBusy(true);
            try {
              // Called without arguments: its optional parameter is the window, not the click event.
              exitImpersonation();
            } catch (err) {
              setBusy(false);
              toast.error(toMessage(err));
            }
          }}
        >
          Exit
        </Button>
      }
    />
  );
}
