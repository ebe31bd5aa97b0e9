import { Refine } from "@refinedev/core";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { HttpRequest } from "../../api/http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SUPPORT_DELIVERY_TEXT, type SupportDelivery, type SupportKind } from "../../../contract/domain/support";
import type { Role } from "../../../contract";
import { http } from "../../api/client";
import { dataProvider } from "../../providers/data-provider";
import { sessionStore } from "../../state/session";
import { renderAt, Route } from "../../test/render";
import { SupportModal } from "./sidebar-dialogs";

const TICKET_ID = "7d0c1f3e-2f4b-4c1e-9a55-0b6f3e2a1c11";
let sent: HttpRequest[] = [];
let delivery: SupportDelivery = "admins";

function signIn(role: Role) {
  sessionStore.loginSucceeded({
    _id: "u1",
    username: role,
    email: `${role}@example.com`,
    type: role,
    token: "t",
    expiresAt: 2_000_000_000,
    isFirstLogin: false,
  });
}

beforeEach(() => {
  sent = [];
  // The server's answer to POST /api/v1/support/tickets (the server side is in server/test/support-tickets.test.ts).
  http.defaults.adapter = async (config) => {
    sent.push(config);
    const body = JSON.parse(String(config.data)) as { kind: SupportKind; subject: string };
    const data = {
      success: true,
      message: "Ticket #1042 filed.",
      delivery,
      data: {
        _id: TICKET_ID,
        number: 1042,
        kind: body.kind,
        subject: body.subject,
        status: "open",
        to: delivery === "admins" ? "admin" : "operator",
        mine: true,
        from: { name: "Ravi", company: "Northwind" },
        messages: 1,
        createdAt: "2026-12-06T10:00:00.000Z",
        updatedAt: "2026-12-06T10:00:00.000Z",
        closedAt: null,
      },
    };
    return { status: 201, data };
  };
});
afterEach(() => {
  http.defaults.adapter = undefined;
  sessionStore.logout();
});

function open(kind: SupportKind, role: Role) {
  signIn(role);
  renderAt(
    `/${role}`,
    <Route
      path="*"
      element={
        <Refine dataProvider={dataProvider} options={{ disableTelemetry: true }}>
          <SupportModal kind={kind} onClose={() => undefined} />
        </Refine>
      }
    />,
  );
}

describe("SupportModal files a ticket", { timeout: 30_000 }, () => {
  it.each<[SupportKind, Role, SupportDelivery, string]>([
    ["support", "reseller", "admins", "File ticket"],
    ["feedback", "reseller", "admins", "Send feedback"],
    ["support", "admin", "mailed", "File ticket"],
    ["feedback", "admin", "stored", "Send feedback"],
  ])("%s from the %s (%s): sends the trimmed form and shows the number", async (kind, role, said, button) => {
    delivery = said;
    open(kind, role);
    fireEvent.change(screen.getByLabelText("Subject"), { target: { value: "  Campaign stuck  " } });
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: " Queued for an hour \n" } });
    fireEvent.click(screen.getByRole("button", { name: button }));
    expect(await screen.findByText("Ticket #1042 filed")).toBeInTheDocument();
    expect(screen.getByText(SUPPORT_DELIVERY_TEXT[said])).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toMatch(/\/api\/v1\/support\/tickets$/);
    expect(JSON.parse(String(sent[0].data))).toEqual({ kind, subject: "Campaign stuck", body: "Queued for an hour" });
    fireEvent.click(screen.getByRole("button", { name: "View my tickets" }));
    expect(screen.getByTestId("location")).toHaveTextContent(`/${role}/settings/support?ticket=${TICKET_ID}`);
  });

  it("refuses a blank subject and message without calling the server", async () => {
    open("support", "reseller");
    fireEvent.change(screen.getByLabelText("Subject"), { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "File ticket" }));
    expect(await screen.findByText("Subject is required")).toBeInTheDocument();
    expect(await screen.findByText("Message is required")).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(0));
  });
});
