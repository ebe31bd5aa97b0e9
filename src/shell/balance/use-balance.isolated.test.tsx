import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG, type Role } from "../../../contract";
import { callApi } from "../../api";
import { ApiError } from "../../api/errors";
import { Toaster } from "../../components/toaster";
import { ThemeProvider } from "../../providers/theme";
import { sessionStore } from "../../state/session";
import { useBalance } from "./use-balance";

vi.mock("../../api", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../api")>()),
  callApi: vi.fn(),
}));
const mockedCall = vi.mocked(callApi);

function Probe() {
  const { balance, loading } = useBalance();
  return <output data-testid="balance">{loading ? "loading" : String(balance)}</output>;
}

function renderAs(type: Role) {
  sessionStore.loginSucceeded({
    _id: "u1",
    username: "u",
    email: "u@example.com",
    type,
    token: "t",
    expiresAt: 9e9,
    isFirstLogin: false,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ThemeProvider>
      <Toaster />
      <QueryClientProvider client={client}>
        <Probe />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

afterEach(() => {
  sessionStore.logout();
  mockedCall.mockReset();
});

describe("useBalance (SPEC 3, 8)", () => {
  it("reads balances[0].balance", async () => {
    mockedCall.mockResolvedValue({ success: true, balances: [{ balance: 1234.5 }] });
    renderAs("user");
    expect(await screen.findByText("1234.5")).toBeInTheDocument();
    expect(mockedCall).toHaveBeenCalledWith("balance.get");
  });

  it("defaults to 0 when the list is empty", async () => {
    mockedCall.mockResolvedValue({ success: true, balances: [] });
    renderAs("user");
    expect(await screen.findByText("0")).toBeInTheDocument();
  });

  it("toasts 'Failed to fetch balance.' and reads 0 on failure", async () => {
    mockedCall.mockRejectedValue(new ApiError("boom", 500));
    renderAs("manager");
    expect(await screen.findByText(MSG.fetchBalance)).toBeInTheDocument();
    expect(screen.getByTestId("balance")).toHaveTextContent("0");
  });

  it("lets the reseller shell show the error's own message", async () => {
    mockedCall.mockRejectedValue(new ApiError(MSG.networkError));
    renderAs("reseller");
    expect(await screen.findByText(MSG.networkError)).toBeInTheDocument();
  });
});
