import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MSG } from "../../../contract";
import { http } from "../../api/client";
import type { HttpAdapter } from "../../api/http";
import { sessionStore } from "../../state/session";
import { renderAt, Route } from "../../test/render";
import { ConfirmEmailPage } from "./confirm-email-page";
import { ForgetPasswordPage } from "./forget-password-page";
import { NotFoundPage } from "./not-found-page";
import { RegisterPage } from "./register-page";
import { ResetPasswordPage } from "./reset-password-page";

let sent: { url?: string; body: unknown }[] = [];
function server(status: number, data: unknown): HttpAdapter {
  return async (config) => {
    sent.push({ url: config.url, body: JSON.parse(String(config.data)) });
    return { status, data };
  };
}
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  sent = [];
  sessionStore.markRestored();
});
afterEach(() => {
  http.defaults.adapter = undefined;
});

describe("ConfirmEmailPage", () => {
  const routes = <Route path="confirm-email" element={<ConfirmEmailPage />} />;

  it("sends {token} from ?token= only when asked, and shows the server's answer", async () => {
    http.defaults.adapter = server(200, { success: true, message: MSG.emailConfirmed });
    renderAt("/confirm-email?token=abcdefabcdefabcdefabcdef", routes);
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Confirm email address" }));
    expect(await screen.findByText(MSG.emailConfirmed)).toBeInTheDocument();
    expect(sent).toEqual([
      { url: expect.stringContaining("/api/v1/auth/confirm-email"), body: { token: "abcdefabcdefabcdefabcdef" } },
    ]);
  });
});

describe("ResetPasswordPage", () => {
  const routes = <Route path="reset-password" element={<ResetPasswordPage />} />;

  it("sends {newPassword, token} from ?token=", async () => {
    http.defaults.adapter = server(200, { success: true, message: "Password has been reset. You can now log in." });
    renderAt("/reset-password?token=abcdefabcdefabcdef", routes);
    fill("New password", "newpass1234");
    fill("Confirm new password", "newpass1234");
    fireEvent.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText("Password has been reset. You can now log in.")).toBeInTheDocument();
    expect(sent).toEqual([
      {
        url: expect.stringContaining("/api/auth/reset-password"),
        body: { newPassword: "newpass1234", token: "abcdefabcdefabcdef" },
      },
    ]);
  });

  it.each([
    [
      { success: false, message: "This reset link is invalid or has expired." },
      "This reset link is invalid or has expired.",
    ],
    [{}, MSG.resetFailed],
  ])("shows the server's message, else 'Failed to reset password'", async (body, expected) => {
    http.defaults.adapter = server(400, body);
    renderAt("/reset-password?token=abcdefabcdefabcdef", routes);
    fill("New password", "newpass1234");
    fill("Confirm new password", "newpass1234");
    fireEvent.click(screen.getByRole("button", { name: "Reset password" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(expected));
  });

  it("checks the confirmation and the schema's minimum length inline", async () => {
    renderAt("/reset-password?token=abcdefabcdefabcdef", routes);
    fill("New password", "short");
    fill("Confirm new password", "other");
    fireEvent.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText("New password must be at least 8 characters")).toBeInTheDocument();
    expect(screen.getByText("The passwords do not match")).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it("without a token, offers a new link instead of a form", () => {
    renderAt("/reset-password", routes);
    expect(screen.queryByLabelText("New password")).toBeNull();
    expect(screen.getByRole("link", { name: "Request a new link" })).toBeInTheDocument();
  });
});

describe("RegisterPage", () => {
  it("calls register-defualt with the filled fields only", async () => {
    http.defaults.adapter = server(201, { success: true, message: "Account created." });
    renderAt("/register", <Route path="register" element={<RegisterPage />} />);
    fill("Username", "acme");
    fill("Email", "ops@acme.example");
    fill("Password", "longenough1");
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("Account created.")).toBeInTheDocument();
    expect(sent).toEqual([
      {
        url: expect.stringContaining("/api/v1/auth/register-defualt"),
        body: { username: "acme", email: "ops@acme.example", password: "longenough1" },
      },
    ]);
  });
});

describe("ForgetPasswordPage", () => {
  it("validates the email and confirms sending", async () => {
    http.defaults.adapter = server(200, { success: true, message: MSG.resetLinkSent });
    renderAt("/forget-password", <Route path="forget-password" element={<ForgetPasswordPage />} />);
    fill("Email", "not-an-email");
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText("Enter a valid email address")).toBeInTheDocument();
    fill("Email", "ana@example.com");
    // antd keeps the fading loading icon in jsdom (no transitionend), so match the label loosely.
    fireEvent.click(screen.getByRole("button", { name: /send reset link/i }));
    expect(await screen.findByText(MSG.resetLinkSent)).toBeInTheDocument();
    expect(sent[0].body).toEqual({ email: "ana@example.com" });
  });
});

describe("NotFoundPage", () => {
  it("shows SPEC 2's two lines", () => {
    renderAt("/nowhere", <Route path="*" element={<NotFoundPage />} />);
    expect(screen.getByText(MSG.notFoundTitle)).toBeInTheDocument();
    expect(screen.getByText(MSG.notFoundText)).toBeInTheDocument();
  });
});
