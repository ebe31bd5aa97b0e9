import { useCreate, useInvalidate, useList, useUpdate, type HttpError } from "@refinedev/core";
import { useState } from "react";
import { MSG } from "../../../contract";
import { useCallMutation } from "../../api";
import { useAbility } from "../../providers";
import { useSession } from "../../state/session";
import type { FormValues } from "../common/schema-form";
import type { BotRecord } from "./bot-schemas";
import { isSettling } from "./components/launch-tags";

/** The drawer over the list: creating a bot, or editing one. */
export type BotDrawer = { kind: "create" } | { kind: "edit"; bot: BotRecord } | null;

const errorToast = (fallback: string) => (err?: HttpError) => ({
  type: "error" as const,
  message: err?.message || fallback,
});

/** Launch states change at the carrier: poll while any carrier is still deciding. */
const SETTLING_POLL_MS = 5000;

/**
 * The RCS channel: the caller's bots (every account's for the admin) through the data provider (resources/bots.ts),
 * their status switch, and the admin's create and edit.
 */
export function useBots() {
  const ability = useAbility();
  const { user } = useSession();
  const invalidate = useInvalidate();
  const [drawer, setDrawer] = useState<BotDrawer>(null);
  const [account, setAccount] = useState<string | undefined>(undefined);
  const { result, query } = useList<BotRecord, HttpError>({
    resource: "bots",
    pagination: { mode: "off" },
    queryOptions: { refetchInterval: (q) => (isSettling(q.state.data?.data ?? []) ? SETTLING_POLL_MS : false) },
    errorNotification: errorToast("Failed to fetch bots"),
  });
  const status = useCallMutation("bots.updateStatus");
  // The bot whose switch is saving (its switch spins).
  const [togglingId, setTogglingId] = useState<string | undefined>(undefined);
  const create = useCreate<BotRecord, HttpError, FormValues>();
  const update = useUpdate<BotRecord, HttpError, FormValues>();
  const refresh = () => invalidate({ resource: "bots", invalidates: ["list"] });

  const toggle = async (bot: BotRecord, next: "active" | "inactive") => {
    setTogglingId(bot._id);
    try {
      await status.mutateAsync({
        body: { botId: bot._id, status: next },
        successNotification: () => ({ type: "success", message: `${bot.name} is now ${next}` }),
        errorNotification: errorToast(MSG.somethingWrong),
      });
      await refresh();
    } catch {
      // The error toast has said why; the switch shows the saved state.
    } finally {
      setTogglingId(undefined);
    }
  };

  const submitCreate = async (values: FormValues) => {
    if (!account) return;
    try {
      await create.mutateAsync({
        resource: "bots",
        values: { ...values, userId: account },
        successNotification: (res) => ({
          type: "success",
          message: `Bot ${res?.data.name ?? ""} created and registered with the carriers`,
        }),
        errorNotification: errorToast("Failed to create bot"),
      });
      setDrawer(null);
      setAccount(undefined);
    } catch {
      // Shown by the error toast; the drawer stays open to fix and retry.
    }
  };

  const submitEdit = async (bot: BotRecord, changes: FormValues) => {
    try {
      await update.mutateAsync({
        resource: "bots",
        id: bot._id,
        values: changes,
        successNotification: () => ({ type: "success", message: `${bot.name} updated` }),
        errorNotification: errorToast("Failed to update bot"),
      });
      setDrawer(null);
    } catch {
      // As above.
    }
  };

  return {
    bots: result.data,
    loading: query.isPending,
    error: query.isError ? (query.error?.message ?? "Failed to fetch bots") : null,
    refetch: () => void query.refetch(),
    refreshing: query.isFetching,
    isAdmin: user?.type === "admin",
    canCreate: ability.can("call", "bots.createRcs"),
    canEdit: ability.can("call", "bots.update"),
    canToggle: ability.can("call", "bots.updateStatus"),
    togglingId,
    toggle,
    drawer,
    setDrawer,
    account,
    setAccount,
    saving: create.mutation.isPending || update.mutation.isPending,
    submitCreate,
    submitEdit,
  };
}

export type BotsModel = ReturnType<typeof useBots>;
