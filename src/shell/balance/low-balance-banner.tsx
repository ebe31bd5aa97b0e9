import { Alert } from "antd";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { BALANCE_DISMISSED_KEY, LOW_BALANCE_THRESHOLD } from "../../../contract";
import { formatINR } from "../format";
import { lowBalanceBanner } from "./low-balance";
import { ButtonLink } from "../../components/button-link";

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(BALANCE_DISMISSED_KEY) === "true";
  } catch {
    return false;
  }
}

function writeDismissed(value: boolean): void {
  try {
    if (value) window.localStorage.setItem(BALANCE_DISMISSED_KEY, "true");
    else window.localStorage.removeItem(BALANCE_DISMISSED_KEY);
  } catch {
    // Storage disabled: the dismissal lasts for this page only.
  }
}

export interface LowBalanceBannerProps {
  balance: number | null;
  /** Where the reader can request a top-up (the area's billing screen), when the area has one. */
  topUpPath?: string;
}

/** SPEC 4's low-balance banner; the dismissal lives in localStorage so it survives reloads. */
export function LowBalanceBanner({ balance, topUpPath }: LowBalanceBannerProps) {
  const [dismissed, setDismissed] = useState(readDismissed);
  const { pathname } = useLocation();
  // On the billing screen itself the request form is right there; the button would only point at this page.
  const action = topUpPath && pathname !== topUpPath ? topUpPath : undefined;
  const decision = lowBalanceBanner(balance, dismissed);

  useEffect(() => {
    if (!decision.clearDismissal) return;
    writeDismissed(false);
    setDismissed(false);
  }, [decision.clearDismissal]);

  if (!decision.show) return null;
  return (
    <Alert
      type="warning"
      showIcon
      banner
      closable={{ closeIcon: true, "aria-label": "Dismiss low-balance warning" }}
      onClose={() => {
        writeDismissed(true);
        setDismissed(true);
      }}
      message={
        <span>
          <strong>Low balance: {formatINR(balance)} left.</strong> Your balance is below{" "}
          {formatINR(LOW_BALANCE_THRESHOLD)}; campaigns may stop sending when it runs out.
        </span>
      }
      action={
        action ? (
          <ButtonLink to={action} size="small" type="primary">
            Request balance
          </ButtonLink>
        ) : undefined
      }
    />
  );
}
