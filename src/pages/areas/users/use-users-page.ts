import { useCreate, useUpdate, type CrudFilter, type HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { useState } from "react";
import { useLocation } from "react-router";
import { MSG, USERS_DEFAULT_LIMIT, USERS_DEFAULT_PAGE, type ModuleName } from "../../../../contract";
import { callApi, toMessage, type UserRecord } from "../../../api";
import { toast } from "../../../components/toast";
import { startImpersonation } from "../../../security/impersonation";
import { useBalance } from "../../../shell/balance/use-balance";
import { formatINR } from "../../../shell/format";
import type { FormValues } from "../common/schema-form";

export type UsersDialog =
  | { kind: "create" }
  | { kind: "edit" | "add" | "deduct" | "permissions"; user: UserRecord }
  | null;

/** Refine's default error toast names the HTTP status; people need the mapped message instead. */
const errorToast = (fallback: string) => (err?: HttpError) => ({ type: "error" as const, message: err?.message || fallback });

/**
 * State and actions of the users screen (Users Management, User Administration, Sub-Account Management).
 * On the sub-users route the list shows the sub-accounts of a chosen account (users.list `userId`).
 */
export function useUsersPage() {
  const { pathname } = useLocation();
  const isSubUsers = /\/sub-users\/?$/.test(pathname);
  const [search, setSearch] = useState("");
  const [parentId, setParentId] = useState<string | undefined>(undefined);
  const [dialog, setDialog] = useState<UsersDialog>(null);
  const [busy, setBusy] = useState(false);
  const ownBalance = useBalance();

  const permanent: CrudFilter[] = [
    ...(search ? [{ field: "search", operator: "contains" as const, value: search }] : []),
    ...(parentId ? [{ field: "userId", operator: "eq" as const, value: parentId }] : []),
  ];
  const { tableProps, tableQuery, setCurrentPage } = useTable<UserRecord, HttpError>({
    resource: "users",
    syncWithLocation: false,
    pagination: { currentPage: USERS_DEFAULT_PAGE, pageSize: USERS_DEFAULT_LIMIT, mode: "server" },
    filters: { permanent },
    sorters: { mode: "off" },
    queryOptions: { enabled: !isSubUsers || Boolean(parentId) },
    errorNotification: errorToast(MSG.fetchUsers),
  });

  const { mutateAsync: update } = useUpdate<UserRecord, HttpError, FormValues>();
  const { mutateAsync: create } = useCreate<UserRecord, HttpError, FormValues>();

  const close = () => setDialog(null);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
      close();
    } catch {
      // Refine hooks toast their own errors; callApi errors are toasted where they are caught.
    } finally {
      setBusy(false);
    }
  };

  return {
    isSubUsers,
    tableProps,
    totalBalance: Number(tableQuery.data?.totalBalance ?? 0),
    total: tableQuery.data?.total ?? 0,
    isLoading: tableQuery.isLoading,
    refetch: () => tableQuery.refetch(),
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
    close,
    busy,

    createUser: (values: FormValues) =>
      run(async () => {
        await create({
          resource: "users",
          values,
          successNotification: () => ({ type: "success", message: `User ${String(values.username)} created` }),
          errorNotification: errorToast(MSG.somethingWrong),
        });
      }),

    updateUser: (user: UserRecord, changes: FormValues) =>
      run(async () => {
        if (Object.keys(changes).length === 0) {
          toast.info("Nothing to save");
          return;
        }
        await update({
          resource: "users",
          id: user._id,
          values: changes,
          successNotification: () => ({ type: "success", message: `${user.username} updated` }),
          errorNotification: errorToast(MSG.somethingWrong),
        });
      }),

    changeBalance: (kind: "add" | "deduct", user: UserRecord, amount: number, note: string) =>
      run(async () => {
        try {
          const body = { userId: user._id, amount, ...(note ? { note } : {}) };
          const res = await callApi(kind === "add" ? "balance.add" : "balance.deduct", { body });
          const verb = kind === "add" ? "Added" : "Deducted";
          toast.success(`${verb} ${formatINR(amount)} ${kind === "add" ? "to" : "from"} ${user.username}`, `New balance: ${formatINR(res.balance)}`);
          await Promise.all([tableQuery.refetch(), ownBalance.refresh()]);
        } catch (err) {
          toast.error(toMessage(err));
          throw err;
        }
      }),

    grantModules: (user: UserRecord, moduleNames: ModuleName[]) =>
      run(async () => {
        try {
          await callApi("users.grantPermission", { body: { userId: user._id, moduleNames } });
          toast.success(`Module permissions of ${user.username} updated`);
          await tableQuery.refetch();
        } catch (err) {
          toast.error(toMessage(err));
          throw err;
        }
      }),

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

export type UsersPageModel = ReturnType<typeof useUsersPage>;
