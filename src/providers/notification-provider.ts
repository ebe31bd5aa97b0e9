import type { NotificationProvider } from "@refinedev/core";
import { toast } from "../components/toast";

/** Refine's success/error notifications go through the one toaster (SPEC 9). */
export const notificationProvider: NotificationProvider = {
  open: ({ type, message, description, key }) => {
    if (type === "progress") {
      if (key) toast.dismiss(key);
      toast.loading(message);
    } else if (key) {
      // Under the caller's key, so the next toast with that key replaces this one in place.
      toast.settle(key, type, message, description);
    } else {
      toast[type](message, description);
    }
  },
  close: (key) => toast.dismiss(key),
};
