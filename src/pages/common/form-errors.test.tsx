import type { RJSFValidationError } from "@rjsf/utils";
import createPrecompiledValidator from "@rjsf/validator-ajv8/lib/createPrecompiledValidator.js";
import type { ValidatorFunctions } from "@rjsf/validator-ajv8/lib/types.js";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { registerUiSchema } from "../users/user-schemas";
import { errorTransformerFor, fieldTitle } from "./form-errors";
import { SchemaForm } from "./schema-form";
import { FORM_SCHEMAS } from "./validators/form-schemas";
import { PRECOMPILED_VALIDATORS } from "./validators/precompiled-validators";

const schema = FORM_SCHEMAS.registerManager;
const validator = createPrecompiledValidator(PRECOMPILED_VALIDATORS as unknown as ValidatorFunctions, schema);

/** What a person reads under each field after RJSF validates `data` and our transformer rewrites the errors. */
function messagesFor(data: Record<string, unknown>): Record<string, string> {
  const { errors } = validator.validateFormData(
    data,
    schema,
    undefined,
    errorTransformerFor(schema, registerUiSchema("manager")),
  );
  return Object.fromEntries(errors.map((e: RJSFValidationError) => [e.property ?? "", e.message ?? ""]));
}

describe("form error messages name their field", () => {
  it("says which field is required (RJSF names a missing property without the leading dot)", () => {
    expect(messagesFor({})).toEqual({
      username: "Username is required",
      email: "Email is required",
      password: "Password is required",
      role: "Role is required",
    });
  });

  it.each([
    [{ username: "a" }, ".username", "Username must be at least 3 characters"],
    [{ username: "a b c" }, ".username", "Username is not in the expected format"],
    [{ email: "nope" }, ".email", "Email must be a valid email address"],
    [{ password: "short" }, ".password", "Password must be at least 8 characters"],
    [{ role: "admin" }, ".role", "Role must be one of the listed options"],
    [{ name: "x".repeat(121) }, ".name", "Full name must be at most 120 characters"],
    [{ phone: "12" }, ".phone", "Phone is not in the expected format"],
  ])("%j → %s: %s", (data, property, message) => {
    expect(messagesFor(data)[property]).toBe(message);
  });

  it("words a list's bounds as choices (the SMS provider form's sender ids)", () => {
    const smpp = FORM_SCHEMAS.smppConnect;
    const check = createPrecompiledValidator(PRECOMPILED_VALIDATORS as unknown as ValidatorFunctions, smpp);
    const { errors } = check.validateFormData({ sender_ids: [] }, smpp, undefined, errorTransformerFor(smpp));
    expect(errors.find((e: RJSFValidationError) => e.property === ".sender_ids")?.message).toBe(
      "Sender ids (headers) needs at least one choice",
    );
  });

  it("prefers the ui:title, and makes a readable name when there is no title", () => {
    expect(
      fieldTitle(
        { type: "object", properties: { a: { type: "string", title: "A" } } },
        { a: { "ui:title": "Shown" } },
        ".a",
      ),
    ).toBe("Shown");
    expect(
      fieldTitle({ type: "object", properties: { companyName: { type: "string" } } }, undefined, ".companyName"),
    ).toBe("Company name");
  });

  it("shows the titled message under the field of the create-user form", async () => {
    render(
      <SchemaForm
        schema={schema}
        uiSchema={registerUiSchema("manager")}
        submitText="Create user"
        onSubmit={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Create user" }));
    expect(await screen.findByText("Username is required")).toBeInTheDocument();
    expect(screen.getByText("Email is required")).toBeInTheDocument();
    expect(screen.queryByText(/^is required$/)).toBeNull();
    // Rendering RJSF and antd takes seconds when every suite runs at once on two cores.
  }, 20_000);
});

describe("a schema form keeps what was typed", () => {
  it("when its parent re-renders with an equal starting value and other props (a polling page)", async () => {
    const props = {
      schema,
      uiSchema: registerUiSchema("manager"),
      submitText: "Create user",
      onSubmit: () => undefined,
    };
    const { rerender } = render(<SchemaForm {...props} formData={{ role: "user" }} />);
    const username = await screen.findByLabelText(/Username/);
    fireEvent.change(username, { target: { value: "typed-name" } });
    rerender(<SchemaForm {...props} formData={{ role: "user" }} submitting={false} />);
    expect(screen.getByLabelText(/Username/)).toHaveValue("typed-name");
    // A different starting value (a record that loaded) starts the form again.
    rerender(<SchemaForm {...props} formData={{ role: "user", username: "loaded" }} />);
    expect(await screen.findByDisplayValue("loaded")).toBeInTheDocument();
  }, 20_000);
});
