import { useForm, type HttpError } from "@refinedev/core";
import { useLocation, useNavigate, useOutletContext, useParams } from "react-router";
import { MSG } from "../../../contract";
import type { UserRecord } from "../../api";
import { toast } from "../../components/toast";
import type { FormValues } from "../common/lazy-schema-form";
import type { UsersOutletContext } from "./list";
import { changedFields, editFormData } from "./user-schemas";
import { errorToast } from "./use-users-list";

/** Back to the list the form opened over, keeping its page and sort. */
function useClose() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return () => navigate({ pathname: "..", search });
}

/** Create a user (auth.register through the data provider); Refine refreshes the list on success. */
export function useUserCreateForm() {
  const { caller } = useOutletContext<UsersOutletContext>();
  const close = useClose();
  const { onFinish, formLoading } = useForm<UserRecord, HttpError, FormValues>({
    resource: "users",
    action: "create",
    redirect: false,
    onMutationSuccess: close,
    successNotification: (data) => ({ type: "success", message: `User ${data?.data?.username ?? ""} created` }),
    errorNotification: errorToast(MSG.somethingWrong),
  });
  return {
    caller,
    close,
    busy: formLoading,
    submit: (values: FormValues) => void onFinish(values).catch(() => undefined),
  };
}

/**
 * Edit a user (users.update). SPEC 7 has no single-user read, so the record comes from the list the form opens
 * over; a link to a record not on the list's current page says so.
 */
export function useUserEditForm() {
  const { rows } = useOutletContext<UsersOutletContext>();
  const { id = "" } = useParams();
  const close = useClose();
  const user = rows.find((r) => r._id === id) ?? null;
  const initial = user ? editFormData(user) : {};
  const { onFinish, formLoading } = useForm<UserRecord, HttpError, FormValues>({
    resource: "users",
    action: "edit",
    id,
    redirect: false,
    queryOptions: { enabled: false },
    onMutationSuccess: close,
    successNotification: () => ({ type: "success", message: `${user?.username ?? "User"} updated` }),
    errorNotification: errorToast(MSG.somethingWrong),
  });
  const submit = (values: FormValues) => {
    const changes = changedFields(initial, values);
    if (Object.keys(changes).length === 0) {
      toast.info("Nothing to save");
      return;
    }
    void onFinish(changes).catch(() => undefined);
  };
  return { user, initial, close, busy: formLoading, submit };
}
