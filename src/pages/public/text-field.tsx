import { theme } from "antd";
// Deep imports: the `Input` barrel drags TextArea, Search and OTP into the login bundle through its static props.
import Input from "antd/es/input/Input";
import Password from "antd/es/input/Password";
import type { ReactNode } from "react";
import { Controller, type Control, type FieldValues, type Path, type RegisterOptions } from "react-hook-form";
import type { FieldRules } from "./schema-rules";

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  rules?: FieldRules;
  type?: "text" | "email" | "password" | "tel";
  autoComplete?: string;
  placeholder?: string;
  prefix?: ReactNode;
  autoFocus?: boolean;
  /** Shown beside the label (e.g. a "Forgot password?" link). */
  aside?: ReactNode;
}

/**
 * A labelled antd input bound to react-hook-form with its error inline under the field. Plain markup instead of
 * antd's Form.Item keeps rc-field-form and its validator off the public pages' bundle.
 */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  rules,
  type = "text",
  aside,
  ...input
}: Props<T>) {
  const { token } = theme.useToken();
  const id = `field-${name}`;
  return (
    <Controller
      control={control}
      name={name}
      // FieldRules is a value-type-free subset of react-hook-form's rules (string fields only).
      rules={rules as RegisterOptions<T, Path<T>> | undefined}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        const props = {
          ...input,
          ...field,
          value: (field.value as string | undefined) ?? "",
          id,
          size: "large" as const,
          status: error ? ("error" as const) : undefined,
          "aria-invalid": error ? true : undefined,
          "aria-required": rules?.required ? true : undefined,
          "aria-describedby": error ? `${id}-error` : undefined,
        };
        // The aside (e.g. "Forgot password?") shows beside the label but follows the input in the DOM, so the
        // tab order goes field, then its link, as the eye reads the form: a grid places it back on the label's row.
        return (
          <div
            style={{
              display: "grid",
              gridTemplateColumns: "1fr auto",
              alignItems: "baseline",
              columnGap: 8,
              marginBottom: error ? 12 : 20,
            }}
          >
            <label
              htmlFor={id}
              style={{
                gridArea: "1 / 1",
                marginBottom: 6,
                fontWeight: 500,
                color: token.colorText,
                fontSize: token.fontSize,
              }}
            >
              {label}
            </label>
            <div style={{ gridArea: "2 / 1 / 3 / 3" }}>
              {type === "password" ? <Password {...props} /> : <Input {...props} type={type} />}
            </div>
            {aside && <div style={{ gridArea: "1 / 2" }}>{aside}</div>}
            {error && (
              <div
                id={`${id}-error`}
                role="alert"
                style={{
                  gridArea: "3 / 1 / 4 / 3",
                  color: token.colorError,
                  fontSize: token.fontSizeSM,
                  marginTop: 4,
                  minHeight: 20,
                }}
              >
                {error}
              </div>
            )}
          </div>
        );
      }}
    />
  );
}
