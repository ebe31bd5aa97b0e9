import { areaPath } from "../../../resources";
import { useSession } from "../../state/session";

/** The SMS template screens of the caller's area: the list and the full-page editor for a new template. */
export function useTemplatePaths() {
  const { user } = useSession();
  const role = user?.type ?? "user";
  return {
    list: areaPath(role, "manage-templates/sms"),
    create: areaPath(role, "manage-templates/create-sms"),
    channel: areaPath(role, "channels/sms"),
  };
}
