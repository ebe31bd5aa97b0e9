import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MSG } from "../../../contract";
import { http } from "../../api/client";
import type { HttpAdapter } from "../../api/http";
import { sessionStore } from "../../state/session";
import { renderAt, Route } from "../../test/render";
import { LoginPage } from "./login-page";

let bodies: unknown[] = [];
function server(status: number, data: unknown): HttpAdapter {
  return async (config) => {
    bodies.push(JSON.parse(String(config.data)));
    return { status, data };
  };
}

const routes = (
  <>
    <Route index element={<LoginPage />} />
    <Route path="organization" element={<p>organization home</p>} />
  </>
);

beforeEach(() => {
  bodies = [];
  sessionStore.markRestored();
});
afterEach(() => {
  http.defaults.adapter = undefined;
  sessionStore.logout();
});

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("LoginPage", () => {
  it("has labelled fields and validates inline without calling the server", async () => {
    http.defaults.adapter = server(200, {});
    renderAt("/", routes);
    expect(screen.getByLabelText("Email or username")).toBeInTheDocument();
    expect(screen.getByLabelText("Password")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Email or username is required")).toBeInTheDocument();
    expect(screen.getByText("Password is required")).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it("puts 'Forgot password?' after the password field in the tab order, not between the two fields", () => {
    renderAt("/", routes);
    const focusable = Array.from(document.querySelectorAll<HTMLElement>("input, a[href], button")).filter(
      (el) => el.tabIndex >= 0,
    );
    const order = focusable.map((el) => el.getAttribute("id") ?? el.textContent?.trim());
    expect(order.indexOf("Forgot password?")).toBe(order.indexOf("field-password") + 1);
    expect(order.indexOf("field-email")).toBeLessThan(order.indexOf("field-password"));
  });

  it("logs in and goes to the role's home", async () => {
    const user = {
      _id: "m",
      username: "manager",
      email: "manager@example.com",
      type: "manager",
      token: "tok",
      expiresAt: 2_000_000_000,
      isFirstLogin: false,
    };
    http.defaults.adapter = server(200, { success: true, data: user });
    renderAt("/", routes);
    fill(/email or username/i, "manager ");
    fill(/^password$/i, "demo1234!");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("organization home")).toBeInTheDocument();
    expect(bodies).toEqual([{ email: "manager", password: "demo1234!" }]);
    expect(sessionStore.getState().auth).toMatchObject({ isLoggedIn: true, user: { type: "manager" } });
  });

  it.each([
    [{ success: false, message: "Invalid email/username or password." }, "Invalid email/username or password."],
    [{}, MSG.loginFailed],
  ])("shows the server's message, else 'Login failed' (%j)", async (body, expected) => {
    http.defaults.adapter = server(401, body);
    renderAt("/", routes);
    fill(/email or username/i, "x");
    fill(/^password$/i, "y");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(expected));
    expect(sessionStore.getState().auth).toMatchObject({ isLoggedIn: false, error: expected });
  });
});
