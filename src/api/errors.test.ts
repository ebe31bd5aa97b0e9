import { describe, expect, it } from "vitest";
import { MSG } from "../../contract";
import { ApiError, toApiError, toMessage } from "./errors";
import { HttpError } from "./http";

function httpError(status: number, data: unknown): HttpError {
  return new HttpError("Request failed", "ERR_BAD_RESPONSE", { status, data });
}

describe("toMessage: the one error mapper", () => {
  it.each([
    [
      "server message",
      httpError(401, { success: false, message: "Invalid email/username or password." }),
      "Login failed",
      "Invalid email/username or password.",
    ],
    [
      "validation list as 'field: message' joined by ', '",
      httpError(400, {
        success: false,
        message: MSG.validationError,
        errors: [
          { field: "email", message: "must be an email" },
          { field: "password", message: "is too short" },
        ],
      }),
      undefined,
      "email: must be an email, password: is too short",
    ],
    [
      "a list message reads as its first item (WhatsApp)",
      httpError(400, { message: [{ message: "Template name taken" }, { message: "x" }] }),
      undefined,
      "Template name taken",
    ],
    [
      "the user message wins (SPEC 8, WhatsApp)",
      httpError(400, { message: "m", userMessage: "Use fewer variables", errorMessage: "e" }),
      undefined,
      "Use fewer variables",
    ],
    [
      "then the error message",
      httpError(400, { message: "m", errorMessage: "Invalid parameter" }),
      undefined,
      "Invalid parameter",
    ],
    [
      "Meta's nested error: user message first",
      httpError(400, { error: { message: "(#100) Invalid parameter", error_user_msg: "The name is taken" } }),
      undefined,
      "The name is taken",
    ],
    [
      "Meta's nested error: its message",
      httpError(400, { error: { message: "(#100) Invalid parameter" }, message: "m" }),
      undefined,
      "(#100) Invalid parameter",
    ],
    ["no server message → the call's default", httpError(500, {}), "Failed to fetch users", "Failed to fetch users"],
    [
      "HTML error page → the call's default",
      httpError(502, "<html>Bad gateway</html>"),
      "Failed to fetch users",
      "Failed to fetch users",
    ],
    ["no default → Something went wrong", httpError(500, {}), undefined, MSG.somethingWrong],
    ["no response → network error", new HttpError("Network Error", "ERR_NETWORK"), "Failed", MSG.networkError],
    ["plain Error keeps its message", new Error("Boom"), "Failed", "Boom"],
    ["unknown value → the default", { weird: true }, "Failed to fetch campaigns", "Failed to fetch campaigns"],
    ["unknown value without default", 42, undefined, MSG.somethingWrong],
  ])("%s", (_name, error, fallback, expected) => {
    expect(toMessage(error, fallback)).toBe(expected);
  });

  it("keeps an ApiError's message as it is", () => {
    expect(toMessage(new ApiError(MSG.noToken), "other")).toBe(MSG.noToken);
  });

  it("toApiError keeps status and field errors", () => {
    const e = toApiError(
      httpError(400, { message: "Validation error occurred", errors: [{ field: "amount", message: "must be > 0" }] }),
    );
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(400);
    expect(e.errors).toEqual([{ field: "amount", message: "must be > 0" }]);
    expect(e.message).toBe("amount: must be > 0");
  });
});
