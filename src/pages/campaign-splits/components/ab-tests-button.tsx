import { ExperimentOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useNavigate } from "react-router";

/** Campaign Management's way to the A/B tests (SPEC 2's sidebar is fixed), for owners and operators alike. */
export function AbTestsButton() {
  const navigate = useNavigate();
  return (
    <Button icon={<ExperimentOutlined />} onClick={() => navigate("ab-tests", { relative: "path" })}>
      A/B tests
    </Button>
  );
}
