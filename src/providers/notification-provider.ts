import type { NotificationProvider } from "@refinedev/core";
import { toast } from "../components/toast";

/** Refine's success/error notifications go through the one toaster (SPEC 9). */
export const notificationProvider: NotificationProvider = {
  open: ({ type, message, description, key }) => {
    if (key) toast.dismiss(key);
    if (type === "success") toast.success(message, description);
    else if (type === "error") toast.error(message, description);
    else toast.loading(message);
  },
  close: (key) => toast.dismiss(key),
};
