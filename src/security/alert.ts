import { notificationApi } from "../components/toast";

/**
 * SPEC 8's security alerts: destructive, top right. Keyed by message so a guard that fires twice for one
 * navigation (StrictMode, redirect chains) shows a single alert.
 */
export function securityAlert(message: string): void {
  notificationApi().error({
    key: `security:${message}`,
    message,
    placement: "topRight",
    role: "alert",
  });
}
