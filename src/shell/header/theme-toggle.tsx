import { MoonOutlined, SunOutlined } from "@ant-design/icons";
import { Button, Tooltip } from "antd";
import { TOOLTIP_DELAY_MS } from "../../lib/ui-constants";
import { useTheme } from "../../providers/theme";

export function ThemeToggle() {
  const { theme, toggle } = useTheme();
  const label = theme === "dark" ? "Switch to light theme" : "Switch to dark theme";
  return (
    <Tooltip title={label} mouseEnterDelay={TOOLTIP_DELAY_MS / 1000}>
      <Button
        type="text"
        shape="circle"
        aria-label={label}
        onClick={toggle}
        icon={theme === "dark" ? <SunOutlined /> : <MoonOutlined />}
      />
    </Tooltip>
  );
}
