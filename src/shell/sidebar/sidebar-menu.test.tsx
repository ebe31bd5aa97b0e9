import { Refine } from "@refinedev/core";
import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { MSG, type ModuleName } from "../../../contract";
import { dataProvider } from "../../providers/data-provider";
import { renderAt, Route } from "../../test/render";
import { useNavDialogs } from "./sidebar-dialogs";
import { SidebarMenu, type SidebarMenuProps } from "./sidebar-menu";

const held = (mods: ModuleName[]) => (m: ModuleName) => mods.includes(m);

/** The menu as the shell holds it: its dialogs outside it. "Move" moves it, as crossing the mobile breakpoint does. */
function Shell(props: Omit<SidebarMenuProps, "dialogs">) {
  const dialogs = useNavDialogs();
  const [inDrawer, setInDrawer] = useState(false);
  const menu = <SidebarMenu {...props} dialogs={dialogs} />;
  return (
    <>
      <button onClick={() => setInDrawer(true)}>Move</button>
      {inDrawer ? <div data-testid="drawer">{menu}</div> : <aside>{menu}</aside>}
      {dialogs.modals}
    </>
  );
}

describe("SidebarMenu", () => {
  it("navigates a permitted item under the role prefix", () => {
    renderAt(
      "/organization",
      <Route path="*" element={<Shell role="manager" canUse={held(["campaign"])} collapsed={false} />} />,
    );
    fireEvent.click(screen.getByText("Campaign Management"));
    expect(screen.getByTestId("location")).toHaveTextContent("/organization/campaigns");
  });

  it("opens Access Restricted instead of navigating to a module that is not granted", async () => {
    renderAt(
      "/organization",
      <Route path="*" element={<Shell role="manager" canUse={held(["campaign"])} collapsed={false} />} />,
    );
    fireEvent.click(screen.getByText("API Control"));
    expect(await screen.findByText(MSG.accessRestrictedTitle)).toBeInTheDocument();
    expect(screen.getByText(/contact your account manager/)).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/organization$/);
  });

  it("keeps the Support dialog and what is typed in it when the menu moves between sider and drawer", async () => {
    renderAt(
      "/reseller",
      <Route
        path="*"
        element={
          <Refine dataProvider={dataProvider} options={{ disableTelemetry: true }}>
            <Shell role="reseller" canUse={held([])} collapsed={false} />
          </Refine>
        }
      />,
    );
    fireEvent.click(screen.getByText("Support"));
    fireEvent.change(await screen.findByLabelText("Subject"), { target: { value: "Campaign stuck" } });
    fireEvent.click(screen.getByText("Move"));
    expect(screen.getByTestId("drawer")).toHaveTextContent("Support");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(screen.getByLabelText("Subject")).toHaveValue("Campaign stuck");
  });

  it("marks the item of the current path active", () => {
    renderAt(
      "/user/chats",
      <Route path="*" element={<Shell role="user" canUse={held(["chat"])} collapsed={false} />} />,
    );
    expect(screen.getByText("Conversations").closest("li")).toHaveClass("ant-menu-item-selected");
    expect(screen.queryByText("Team Reports")).not.toBeInTheDocument();
  });
});
