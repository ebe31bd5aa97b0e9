import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { APP_ERROR_MAX_RETRIES, MSG } from "../../contract";
import { ErrorBoundary } from "./error-boundary";

let failing = true;
function Bomb({ message }: { message: string }) {
  if (failing) throw new Error(message);
  return <p>recovered</p>;
}

beforeEach(() => {
  failing = true;
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("ErrorBoundary (SPEC 8)", () => {
  it("shows the Application Error card with the message and advice", () => {
    render(
      <ErrorBoundary>
        <Bomb message="Chunk failed" />
      </ErrorBoundary>,
    );
    expect(screen.getByText(MSG.appErrorTitle)).toBeInTheDocument();
    expect(screen.getByText("Chunk failed")).toBeInTheDocument();
    expect(screen.getByText(/refreshing the page.*internet connection.*contact support/i)).toBeInTheDocument();
  });

  it("uses the default text when the error has no message", () => {
    render(
      <ErrorBoundary>
        <Bomb message="" />
      </ErrorBoundary>,
    );
    expect(screen.getByText(MSG.appErrorDefault)).toBeInTheDocument();
  });

  it("Refresh retries in place, and reloads after the maximum of retries", () => {
    const onReload = vi.fn();
    render(
      <ErrorBoundary onReload={onReload}>
        <Bomb message="x" />
      </ErrorBoundary>,
    );
    for (let i = 0; i < APP_ERROR_MAX_RETRIES; i++) fireEvent.click(screen.getByRole("button", { name: /refresh/i }));
    expect(onReload).not.toHaveBeenCalled();
    expect(screen.getByText(`Attempt ${APP_ERROR_MAX_RETRIES} of ${APP_ERROR_MAX_RETRIES}`)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: /refresh/i }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it("renders the children again once the fault is gone", () => {
    render(
      <ErrorBoundary>
        <Bomb message="x" />
      </ErrorBoundary>,
    );
    failing = false;
    fireEvent.click(screen.getByRole("button", { name: /refresh/i }));
    expect(screen.getByText("recovered")).toBeInTheDocument();
  });
});
