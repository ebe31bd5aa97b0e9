import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MSG, type ModuleName } from "../../../contract";
import { renderAt, Route } from "../../test/render";
import { SidebarMenu } from "./sidebar-menu";

const held = (mods: ModuleName[]) => (m: ModuleName) => mods.includes(m);

describe("SidebarMenu", () => {
  it("navigates a permitted item under the role prefix", () => {
    renderAt(
      "/organization",
      <Route path="*" element={<SidebarMenu role="manager" canUse={held(["campaign"])} collapsed={false} />} />,
    );
    fireEvent.click(screen.getByText("Campaign Management"));
    expect(screen.getByTestId("location")).toHaveTextContent("/organization/campaigns");
  });

  it("opens Access Restricted instead of navigating to a module that is not granted", async () => {
    renderAt(
      "/organization",
      <Route path="*" element={<SidebarMenu role="manager" canUse={held(["campaign"])} collapsed={false} />} />,
    );
    fireEvent.click(screen.getByText("API Control"));
    expect(await screen.findByText(MSG.accessRestrictedTitle)).toBeInTheDocument();
    expect(screen.getByText(/contact your account manager/)).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/organization$/);
  });

  it("marks the item of the current path active", () => {
    renderAt(
      "/user/chats",
      <Route path="*" element={<SidebarMenu role="user" canUse={held(["chat"])} collapsed={false} />} />,
    );
    expect(screen.getByText("Conversations").closest("li")).toHaveClass("ant-menu-item-selected");
    expect(screen.queryByText("Team Reports")).not.toBeInTheDocument();
  });
});
