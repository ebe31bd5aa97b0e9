import { PhoneOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useNavigate, useSearchParams } from "react-router";
import { LogView } from "./components/log-view";

const E164 = /^\+[1-9][0-9]{6,14}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * campaigns/message-log: the owner's messages. A campaign's report links here with `?campaignId=`, a conversation
 * with `?number=` (E.164 only: anything else in the URL is ignored, and typed searches never go there).
 */
export function MessageLogList() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const campaignId = params.get("campaignId") ?? "";
  const number = params.get("number") ?? "";
  const initial = {
    ...(UUID.test(campaignId) ? { campaignId } : {}),
    ...(E164.test(number) ? { number } : {}),
  };
  return (
    <LogView
      key={`${initial.campaignId ?? ""}|${initial.number ?? ""}`}
      initial={initial}
      extra={
        <Button icon={<PhoneOutlined />} onClick={() => navigate("../individual-numbers", { relative: "path" })}>
          Individual numbers
        </Button>
      }
    />
  );
}
