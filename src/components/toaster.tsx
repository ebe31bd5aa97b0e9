import { notification } from "antd";
import { useEffect } from "react";
import { bindToaster, TOAST_CONFIG } from "./toast";

/** Mount once inside the theme provider so toasts use the current theme. */
export function Toaster() {
  const [api, holder] = notification.useNotification({ ...TOAST_CONFIG, stack: { threshold: TOAST_CONFIG.maxCount } });
  useEffect(() => {
    bindToaster(api);
    return () => bindToaster(null);
  }, [api]);
  return holder;
}
