import { CommentOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useNavigate } from "react-router";
import { useAbility } from "../../../providers";

/**
 * The admin's way to its RCS bot screen (/admin/settings/rcs-bots): SPEC 2's admin sidebar is fixed, so the screen
 * is reached from Settings.
 */
export function AdminBotsLink() {
  const ability = useAbility();
  const navigate = useNavigate();
  if (!ability.can("call", "bots.createRcs")) return null;
  return (
    <Button icon={<CommentOutlined />} onClick={() => navigate("rcs-bots")}>
      RCS bots
    </Button>
  );
}
