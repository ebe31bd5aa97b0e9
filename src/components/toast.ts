import { LoadingOutlined } from "@ant-design/icons";
import { notification } from "antd";
import type { NotificationInstance } from "antd/es/notification/interface";
import { createElement } from "react";
import {
  HEADER_HEIGHT_PX,
  TOAST_DURATION_MS,
  TOAST_MAX_VISIBLE,
  TOAST_OFFSET_PX,
  TOAST_WIDTH_PX,
} from "../lib/ui-constants";

/**
 * SPEC 9's toaster: 4 s, at most 3 visible, bottom right. antd durations are in seconds. Top-right alerts
 * (SPEC 8's security alerts) start below the header so they never cover its controls; the page keeps room at
 * its end (TOAST_RESERVE_PX) so its last table row scrolls clear of the toasts.
 */
export const TOAST_CONFIG = {
  placement: "bottomRight",
  duration: TOAST_DURATION_MS / 1000,
  maxCount: TOAST_MAX_VISIBLE,
  bottom: TOAST_OFFSET_PX,
  top: HEADER_HEIGHT_PX + 12,
} as const;

notification.config(TOAST_CONFIG);

/**
 * The static API cannot read the theme context; <Toaster/> binds a hook-made instance so toasts follow the
 * light/dark theme. Until it mounts (and in tests) the static API is used.
 */
let api: NotificationInstance = notification;

export function bindToaster(instance: NotificationInstance | null): void {
  api = instance ?? notification;
}

/** The notification API in use (bound instance or static), for callers that need their own placement. */
export function notificationApi(): NotificationInstance {
  return api;
}

type Kind = "success" | "error" | "info" | "warning";
const style = { width: TOAST_WIDTH_PX };
let seq = 0;
const nextKey = () => `toast-${++seq}`;

function show(kind: Kind | "open", message: string, description?: string, key = nextKey()): string {
  api[kind]({ key, message, description, style });
  return key;
}

export const toast = {
  success: (message: string, description?: string) => show("success", message, description),
  error: (message: string, description?: string) => show("error", message, description),
  info: (message: string, description?: string) => show("info", message, description),
  warning: (message: string, description?: string) => show("warning", message, description),
  /** SPEC 4's "default" toast. */
  message: (message: string, description?: string) => show("open", message, description),
  /** Stays until dismissed, or replaced by passing its key to `settle`. */
  loading(message: string): string {
    const key = nextKey();
    api.open({ key, message, duration: 0, style, icon: createElement(LoadingOutlined) });
    return key;
  },
  /** Turns a loading toast into its outcome, in place. */
  settle: (key: string, kind: Kind, message: string, description?: string) => show(kind, message, description, key),
  dismiss: (key?: string) => api.destroy(key),
};
