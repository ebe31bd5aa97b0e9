import { useInvalidate, type CrudFilter, type HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { MSG, USERS_DEFAULT_LIMIT, type ModuleName } from "../../../contract";
import { toMessage, useCallMutation, type CallReply, type UserRecord } from "../../api";
import { toast } from "../../components/toast";
import { startImpersonation } from "../../security/impersonation";
import { useBalance } from "../../shell/balance/use-balance";
import { formatINR } from "../../shell/format";

type BalanceChangeResponse = CallReply<"balance.add">;
/** The users actions run from the list's dialogs. */
type UsersAction = "balance.add" | "balance.deduct" | "users.grantPermission";

/** The actions that stay local dialogs over the list; create and edit are child routes with URLs. */
export type UsersDialog = { kind: "add" | "deduct" | "permissions"; user: UserRecord } | null;

/** Refine's default error toast names the HTTP status; people need the mapped message instead. */
export const errorToast = (fallback: string) => (err?: HttpError) => ({
  type: "error" as const,
  message: err?.message || fallback,
});

/**
 * State and actions of the users list (Users Management, User Administration, Sub-Account Management).
 * Page and sort live in the URL (useTable syncWithLocation); the free-text search is a permanent filter held
 * here, so it never reaches the URL, whose guard (SPEC 5) would read "Mother's Day" as an attack.
 * On the sub-users route the list shows the sub-accounts of a chosen account (users.list `userId`).
 */
export function useUsersList() {
  const { pathname, search: query } = useLocation();
  const navigate = useNavigate();
  const isSubUsers = /\/sub-users\/?$/.test(pathname);
  const [search, setSearch] = useState("");
  const [parentId, setParentId] = useState<string | undefined>(undefined);
  const [dialog, setDialog] = useState<UsersDialog>(null);
  const ownBalance = useBalance();
  const invalidate = useInvalidate();
  const actionCall = useCallMutation<UsersAction>("balance.add");

  const permanent: CrudFilter[] = [
    ...(search ? [{ field: "search", operator: "contains" as const, value: search }] : []),
    ...(parentId ? [{ field: "userId", operator: "eq" as const, value: parentId }] : []),
  ];
  const { tableProps, tableQuery, setCurrentPage, sorters } = useTable<UserRecord, HttpError>({
    resource: "users",
    syncWithLocation: true,
    pagination: { pageSize: USERS_DEFAULT_LIMIT, mode: "server" },
    filters: { permanent },
    sorters: { mode: "server" },
    queryOptions: { enabled: !isSubUsers || Boolean(parentId) },
    errorNotification: errorToast(MSG.fetchUsers),
  });

  /** A users action, then the list and the caller's own balance are refetched. */
  const act = async (
    call: UsersAction,
    body: Record<string, unknown>,
    success: (res: BalanceChangeResponse) => string,
  ) => {
    try {
      const res = await actionCall.mutateAsync({
        call,
        body,
        successNotification: (data) => ({
          type: "success",
          message: success((data?.data ?? {}) as BalanceChangeResponse),
        }),
        errorNotification: errorToast(MSG.somethingWrong),
      });
      await Promise.all([invalidate({ resource: "users", invalidates: ["list"] }), ownBalance.refresh()]);
      setDialog(null);
      return res;
    } catch {
      // The error notification above has told the person; the dialog stays open to retry.
      return null;
    }
  };

  return {
    isSubUsers,
    tableProps,
    sorters,
    totalBalance: Number(tableQuery.data?.balance ?? 0),
    total: tableQuery.data?.total ?? 0,
    isLoading: tableQuery.isLoading,
    refresh: () => invalidate({ resource: "users", invalidates: ["list"] }),
    search,
    setSearch: (value: string) => {
      setSearch(value.trim());
      setCurrentPage(1);
    },
    parentId,
    setParentId: (value: string | undefined) => {
      setParentId(value);
      setCurrentPage(1);
    },
    dialog,
    setDialog,
    busy: actionCall.isPending,
    openCreate: () => navigate({ pathname: "create", search: query }),
    openEdit: (user: UserRecord) => navigate({ pathname: `edit/${encodeURIComponent(user._id)}`, search: query }),

    changeBalance: (kind: "add" | "deduct", user: UserRecord, amount: number, note: string) =>
      act(
        kind === "add" ? "balance.add" : "balance.deduct",
        { userId: user._id, amount, ...(note ? { note } : {}) },
        (res) =>
          `${kind === "add" ? "Added" : "Deducted"} ${formatINR(amount)} ${kind === "add" ? "to" : "from"} ${user.username}. New balance: ${formatINR(res.balance)}`,
      ),

    grantModules: (user: UserRecord, moduleNames: ModuleName[]) =>
      act(
        "users.grantPermission",
        { userId: user._id, moduleNames },
        () => `Module permissions of ${user.username} updated`,
      ),

    impersonate: async (user: UserRecord) => {
      try {
        await startImpersonation(user._id);
        toast.info(`Opened a new tab as ${user.username}`);
      } catch (err) {
        toast.error(toMessage(err, MSG.impersonationFailed));
      }
    },
  };
}

export type UsersListModel = ReturnType<typeof useUsersList>;
