import type { HttpError } from "@refinedev/core";
import type { FormInstance } from "antd";
import type { BusinessProfile } from "../../../../contract";
import { useCall, useCallMutation } from "../../../api";

export interface ProfileFormValues {
  about: string;
  address: string;
  description: string;
  email: string;
  websites: string[];
  vertical: string;
  profile_picture_handle: string;
}

export const toFormValues = (p: BusinessProfile): ProfileFormValues => ({
  about: p.about,
  address: p.address,
  description: p.description,
  email: p.email,
  websites: [p.websites[0] ?? "", p.websites[1] ?? ""],
  vertical: p.vertical,
  profile_picture_handle: p.profile_picture_handle,
});

/** "websites.1" → ["websites", 1]: the server names array items by index, the form by path. */
const namePath = (field: string) => field.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/** Reads and saves one number's business profile; the server's field errors land on the form's fields. */
export function useBusinessProfile(phoneNumberId: string | undefined, form: FormInstance<ProfileFormValues>) {
  const { query } = useCall(
    "waba.businessProfile.get",
    { query: { phone_number_id: phoneNumberId } },
    { queryOptions: { enabled: Boolean(phoneNumberId) }, errorNotification: false },
  );
  const { mutateAsync, isPending } = useCallMutation("waba.businessProfile.set");

  const save = async (values: ProfileFormValues) => {
    try {
      await mutateAsync({
        body: {
          ...values,
          phone_number_id: phoneNumberId,
          websites: values.websites.map((w) => w.trim()).filter(Boolean),
        },
        successNotification: () => ({ type: "success", message: "Business profile saved" }),
        errorNotification: (err) => ({
          type: "error",
          message: err?.message || "The business profile could not be saved",
        }),
      });
      await query.refetch();
    } catch (e) {
      const errors = (e as HttpError).errors as Record<string, string[]> | undefined;
      // Field names come from the server as strings; antd types them as the form's paths.
      if (errors)
        form.setFields(
          Object.entries(errors).map(([field, messages]) => ({
            name: namePath(field),
            errors: messages,
          })) as Parameters<typeof form.setFields>[0],
        );
    }
  };

  return { profile: query.data?.data.data, query, save, saving: isPending };
}
