import type { HttpError } from "@refinedev/core";
import type { Static } from "@sinclair/typebox";
import { useState } from "react";
import { MSG, type CannedResponseRecord } from "../../../../contract";
import type { SchemaBody } from "../../../../schemas";
import { useCall, useCallMutation } from "../../../api";
import { useModules } from "../../../providers";
import { useTeam } from "../../conversations/components/inbox/use-team";

export type CannedBody = SchemaBody<"canned-response">;
export type CannedRecord = Static<typeof CannedResponseRecord>;

const errorNotification = (err?: HttpError) => ({
  type: "error" as const,
  message: err?.message || MSG.somethingWrong,
});

/**
 * The account's canned responses (all of them: at most CANNED_MAX, so the table pages them itself), a search over
 * code, title and body, and the account's people's create, edit and delete. A live agent reads them only.
 */
export function useCannedResponses() {
  const [q, setQ] = useState("");
  const { query } = useCall("chats.cannedList", { query: q ? { q } : {} }, { errorNotification: false });
  const create = useCallMutation("chats.cannedCreate");
  const update = useCallMutation("chats.cannedUpdate");
  const remove = useCallMutation("chats.cannedDelete");
  const team = useTeam();
  const modules = useModules().data ?? [];
  return {
    rows: query.data?.data.data ?? [],
    loading: query.isFetching,
    error: query.isError ? query.error?.message || MSG.somethingWrong : null,
    refetch: () => void query.refetch(),
    search: q,
    setSearch: (value: string) => setQ(value.trim()),
    /** A live agent uses them; the account's owner and its sub-users manage them. */
    mayEdit: team.me === null,
    /** Linking a registered SMS template reads the templates list (the template module). */
    mayLinkTemplates: modules.includes("template"),
    saving: create.isPending || update.isPending,
    save: async (id: string | null, body: CannedBody): Promise<boolean> => {
      try {
        if (id)
          await update.mutateAsync({
            params: { id },
            body,
            successNotification: () => ({ type: "success", message: `/${body.code} saved` }),
            errorNotification,
          });
        else
          await create.mutateAsync({
            body,
            successNotification: () => ({ type: "success", message: `/${body.code} added` }),
            errorNotification,
          });
        await query.refetch();
        return true;
      } catch {
        return false;
      }
    },
    remove: async (row: CannedRecord) => {
      await remove.mutateAsync({
        params: { id: row._id },
        successNotification: () => ({ type: "success", message: `/${row.code} deleted` }),
        errorNotification,
      });
      await query.refetch();
    },
  };
}
