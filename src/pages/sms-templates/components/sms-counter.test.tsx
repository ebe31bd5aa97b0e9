import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SmsCounter } from "./sms-counter";
import { SmsPreview } from "./sms-preview";

const figures = () => ({
  encoding: screen.getByTestId("sms-encoding").textContent,
  units: screen.getByTestId("sms-units").textContent,
  perPart: screen.getByTestId("sms-per-part").textContent,
  parts: screen.getByTestId("sms-parts").textContent,
  remaining: screen.getByTestId("sms-remaining").textContent,
});

describe("SmsCounter", () => {
  it.each([
    ["empty", "", { encoding: "GSM-7", units: "0", perPart: "160", parts: "0", remaining: "160" }],
    [
      "160 ASCII characters",
      "a".repeat(160),
      { encoding: "GSM-7", units: "160", perPart: "160", parts: "1", remaining: "0" },
    ],
    [
      "161 ASCII characters",
      "a".repeat(161),
      { encoding: "GSM-7", units: "161", perPart: "153", parts: "2", remaining: "145" },
    ],
    ["extension characters", "€{}", { encoding: "GSM-7", units: "6", perPart: "160", parts: "1", remaining: "154" }],
    ["Hindi", "नमस्ते", { encoding: "UCS-2", units: "6", perPart: "70", parts: "1", remaining: "64" }],
    [
      "emoji past one part",
      "😀".repeat(36),
      { encoding: "UCS-2", units: "72", perPart: "67", parts: "2", remaining: "62" },
    ],
  ])("%s", (_name, body, expected) => {
    render(<SmsCounter body={body} />);
    expect(figures()).toEqual(expected);
  });

  it("says what variables do to the count", () => {
    render(<SmsCounter body="OTP {#var#} for {#var#}" />);
    expect(
      screen.getByText(/2 variables: counted as \{#var#\}; each is replaced by up to 30 characters/),
    ).toBeInTheDocument();
  });
});

describe("SmsPreview", () => {
  it("shows the header as sender and marks each variable", () => {
    render(<SmsPreview senderId="ACMERT" body="Hi {#var#}, order {#var#} shipped" />);
    expect(screen.getByTestId("sms-preview-sender")).toHaveTextContent("ACMERT");
    const marks = screen.getByTestId("sms-preview-body").querySelectorAll("mark");
    expect([...marks].map((m) => m.textContent)).toEqual(["{#var#}", "{#var#}"]);
    expect(screen.getByTestId("sms-preview-body")).toHaveTextContent("Hi {#var#}, order {#var#} shipped");
  });

  it("invites typing while the body is empty", () => {
    render(<SmsPreview senderId="" body="" />);
    expect(screen.getByText("Your message appears here as you type.")).toBeInTheDocument();
  });
});
