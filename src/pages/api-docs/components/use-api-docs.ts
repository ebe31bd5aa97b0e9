import { useState } from "react";
import { useCall } from "../../../api";
import { apiBaseUrl } from "../../../api/client";

export const KEY_PLACEHOLDER = "YOUR_API_KEY";

/**
 * The API Docs page's state: the account's keys (once API keys answer; until then, and on any refusal, the examples
 * use a placeholder), the key chosen, and a full key pasted to fill the examples. The pasted key stays in this page's
 * memory: it is never sent or stored.
 */
export function useApiDocs() {
  const { query } = useCall(
    "apiKeys.list",
    { query: { page: 1, limit: 100 } },
    { errorNotification: false, queryOptions: { retry: false } },
  );
  const keys = (query.data?.data.data.apiKeys ?? []).filter(
    (k) => !k.deactivatedAt && (k.status ?? "active") === "active",
  );
  const [chosen, setChosen] = useState<string | undefined>();
  const [pasted, setPasted] = useState("");
  const key = keys.find((k) => k.id === chosen);
  const typed = pasted.trim();
  return {
    base: apiBaseUrl(),
    keysAvailable: query.isSuccess,
    keysLoading: query.isLoading,
    keys,
    chosen,
    choose: setChosen,
    pasted,
    paste: setPasted,
    /** The pasted key does not start with the chosen key's prefix: probably another key. */
    mismatch: Boolean(key && typed && !typed.startsWith(key.prefix)),
    /** What the examples put after "Bearer". */
    shownKey: typed || (key ? `${key.prefix}…` : KEY_PLACEHOLDER),
  };
}
