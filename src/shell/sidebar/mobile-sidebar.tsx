import { Drawer } from "antd";
import type { ReactNode } from "react";
import { SIDEBAR_WIDTH_MOBILE } from "../../lib/ui-constants";

/**
 * The sidebar as a sheet from the left on a phone. Its own lazy chunk: a desktop's first view never downloads the
 * Drawer (the first signed-in view's byte budget, `npm run bench -- bundle`).
 */
export function MobileSidebar({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      width={SIDEBAR_WIDTH_MOBILE}
      closable={false}
      styles={{ body: { padding: "0 0 16px" }, header: { display: "none" } }}
    >
      {children}
    </Drawer>
  );
}
