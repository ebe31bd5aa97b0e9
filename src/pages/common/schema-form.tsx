import Form from "@rjsf/antd";
import type { IChangeEvent } from "@rjsf/core";
import type { CustomValidator, RJSFSchema, UiSchema } from "@rjsf/utils";
import createPrecompiledValidator from "@rjsf/validator-ajv8/lib/createPrecompiledValidator.js";
import type { ValidatorFunctions } from "@rjsf/validator-ajv8/lib/types.js";
import { Button, Space } from "antd";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { useIsMobile } from "../../shell/sidebar/use-is-mobile";
import { errorTransformerFor } from "./form-errors";
import { RangeWidget } from "./range-widget";
import { TimeZoneWidget } from "./time-zone-widget";
import { PRECOMPILED_VALIDATORS } from "./validators/precompiled-validators";

export type FormValues = Record<string, unknown>;

export interface SchemaFormProps {
  schema: RJSFSchema;
  uiSchema?: UiSchema<FormValues>;
  formData?: FormValues;
  submitText: string;
  submitting?: boolean;
  onSubmit: (data: FormValues) => void;
  onCancel?: () => void;
  customValidate?: CustomValidator<FormValues>;
  /** Two columns on wide screens keep short fields from making a tall form. */
  columns?: 1 | 2;
  /** Inputs the schema cannot describe (a contact's typed attributes), shown after its fields, before the buttons. */
  extra?: ReactNode;
  /** Every change of the values (a parent that restarts the form from them keeps what was typed). */
  onChange?: (data: FormValues) => void;
}

/**
 * The server's Content-Security-Policy (script-src 'self') forbids the `new Function` ajv compiles schemas with,
 * so each form schema's validator is compiled ahead of time (validators/) and looked up by the schema's `$id`.
 */
function validatorFor(schema: RJSFSchema) {
  const fns = PRECOMPILED_VALIDATORS as unknown as ValidatorFunctions;
  if (!schema.$id || !fns[schema.$id])
    throw new Error(`No precompiled validator for schema "${schema.$id ?? "(no $id)"}"`);
  return createPrecompiledValidator<FormValues>(fns, schema);
}

const WIDGETS = { RangeWidget, TimeZoneWidget };

/**
 * A form rendered from one of the shared JSON Schemas (the server validates the same schema), so field rules live in
 * one place (schemas come from validators/form-schemas.ts). Loaded lazily (see lazy-schema-form) to keep RJSF and ajv
 * out of the shell bundle.
 */
export function SchemaForm(props: SchemaFormProps) {
  const {
    schema,
    uiSchema,
    formData,
    submitText,
    submitting,
    onSubmit,
    onCancel,
    customValidate,
    columns = 1,
    extra,
    onChange,
  } = props;
  const isMobile = useIsMobile();
  // Controlled: RJSF resets its state to the formData prop whenever any prop changes, so a parent re-rendering (a
  // list that polls, a `submitting` flag) wiped what the person had typed. The prop is only the starting value; a
  // different value (a record that has loaded) starts the form again.
  const [data, setData] = useState<FormValues | undefined>(formData);
  const initialKey = JSON.stringify(formData ?? null);
  useEffect(() => {
    setData(formData);
    // Keyed by value: a new object with the same contents is not a new starting point.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialKey]);
  const validator = useMemo(() => validatorFor(schema), [schema]);
  const transformErrors = useMemo(() => errorTransformerFor(schema, uiSchema), [schema, uiSchema]);
  // @rjsf/antd reads the column span of every field from formContext.
  const formContext = { colSpan: columns === 2 && !isMobile ? 12 : 24, rowGutter: 16 };
  return (
    <Form
      schema={schema}
      uiSchema={{ "ui:submitButtonOptions": { norender: true }, ...uiSchema }}
      formData={data}
      onChange={(e: IChangeEvent<FormValues>) => {
        setData(e.formData);
        if (e.formData) onChange?.(e.formData);
      }}
      validator={validator}
      formContext={formContext}
      widgets={WIDGETS}
      customValidate={customValidate}
      transformErrors={transformErrors}
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError
      omitExtraData
      disabled={submitting}
      onSubmit={(e: IChangeEvent<FormValues>) => onSubmit(e.formData ?? {})}
    >
      {extra}
      <Space style={{ width: "100%", justifyContent: "flex-end", marginTop: 8 }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
        )}
        <Button type="primary" htmlType="submit" loading={submitting}>
          {submitText}
        </Button>
      </Space>
    </Form>
  );
}
