import { MoneyCollectOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useNavigate } from "react-router";
import { useAbility } from "../../../providers";

/** The admin's way to the message rates (/admin/settings/rates): SPEC 2's admin sidebar is fixed. */
export function RatesLink() {
  const ability = useAbility();
  const navigate = useNavigate();
  if (!ability.can("call", "rates.update")) return null;
  return (
    <Button icon={<MoneyCollectOutlined />} onClick={() => navigate("rates")}>
      Message rates
    </Button>
  );
}
