import { MoneyCollectOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useNavigate } from "react-router";
import { useAbility } from "../../../providers";

/**
 * The way to the rates from settings: the admin's message rates, a reseller's customer rates (…/settings/rates). SPEC
 * 2's sidebars are fixed.
 */
export function RatesLink() {
  const ability = useAbility();
  const navigate = useNavigate();
  const label = ability.can("call", "rates.update")
    ? "Message rates"
    : ability.can("call", "rateCards.margins")
      ? "Customer rates"
      : null;
  if (!label) return null;
  return (
    <Button icon={<MoneyCollectOutlined />} onClick={() => navigate("rates")}>
      {label}
    </Button>
  );
}
