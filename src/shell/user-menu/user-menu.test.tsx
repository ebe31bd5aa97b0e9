import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MSG, type Role } from "../../../contract";
import { sessionStore, type AuthUser } from "../../state/session";
import { renderAt, Route } from "../../test/render";
import { UserMenu } from "./user-menu";

const user = (type: Role): AuthUser => ({
  _id: "u1",
  username: "asha",
  email: "asha@example.com",
  type,
  token: "t",
  expiresAt: Math.floor(Date.now() / 1000) + 3600,
  isFirstLogin: false,
  name: "Asha Rao",
});

function open(balanceLoading = false, balance: number | null = 2500) {
  renderAt(
    "/organization",
    <Route path="*" element={<UserMenu balance={balance} balanceLoading={balanceLoading} />} />,
  );
  fireEvent.click(screen.getByRole("button", { name: /user menu/ }));
}

afterEach(() => sessionStore.logout());

describe("UserMenu (SPEC 2)", () => {
  it("is named by the name it shows (WCAG 2.5.3), not by a label that hides it", () => {
    sessionStore.loginSucceeded(user("manager"));
    renderAt("/organization", <Route path="*" element={<UserMenu balance={0} balanceLoading={false} />} />);
    const button = screen.getByRole("button", { name: /user menu/ });
    expect(button).not.toHaveAttribute("aria-label");
    expect(button).toHaveAccessibleName(/^Asha Rao\b/);
  });

  it("shows name, email, Loading... while the balance is fetched, and Upgrade to Pro as Coming Soon", async () => {
    sessionStore.loginSucceeded(user("manager"));
    open(true, null);
    expect(await screen.findByText(MSG.loading)).toBeInTheDocument();
    expect(screen.getAllByText("Asha Rao").length).toBeGreaterThan(0);
    expect(screen.getByText("asha@example.com")).toBeInTheDocument();
    expect(screen.getByText(MSG.comingSoon)).toBeInTheDocument();
    expect(screen.getByText("User Management")).toBeInTheDocument();
    expect(screen.getByText("Sub User Management")).toBeInTheDocument();
  });

  it("hides user management for role user and shows the balance in rupees", async () => {
    sessionStore.loginSucceeded(user("user"));
    open(false, 2500);
    expect(await screen.findByText("₹2,500.00")).toBeInTheDocument();
    expect(screen.queryByText("User Management")).not.toBeInTheDocument();
    expect(screen.queryByText("Sub User Management")).not.toBeInTheDocument();
  });

  it("confirms, then logs out and goes to /", async () => {
    sessionStore.loginSucceeded(user("user"));
    open();
    fireEvent.click(await screen.findByText("Log out"));
    expect(await screen.findByText(MSG.logoutTitle)).toBeInTheDocument();
    expect(screen.getByText(MSG.logoutText)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Logout" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/));
    expect(sessionStore.getState().auth.isLoggedIn).toBe(false);
  });

  it("blocks log out while impersonating", async () => {
    sessionStore.loginSucceeded(user("user"));
    sessionStore.setImpersonation({ ...user("user"), impersonationMode: true }, "admin-token");
    open();
    const item = await screen.findByText(MSG.impersonationNoLogout);
    expect(item.closest("li")).toHaveAttribute("aria-disabled", "true");
    fireEvent.click(item);
    expect(screen.queryByText(MSG.logoutTitle)).not.toBeInTheDocument();
  });
});
