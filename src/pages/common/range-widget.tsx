import { ariaDescribedByIds, rangeSpec, type WidgetProps } from "@rjsf/utils";
import { Slider } from "antd";
import type { FormValues } from "./schema-form";

/**
 * @rjsf/antd's range widget with a name on the slider's handle: its own gives the field's id to the slider's outer
 * div, so the label names nothing and the handle (the element that takes focus, role "slider") has no name.
 */
export function RangeWidget({
  id,
  label,
  value,
  disabled,
  readonly,
  schema,
  options,
  onChange,
  onBlur,
  onFocus,
}: WidgetProps<FormValues>) {
  const { min, max, step } = rangeSpec(schema);
  return (
    <Slider
      id={id}
      min={min}
      max={max}
      step={step}
      value={typeof value === "number" ? value : undefined}
      disabled={disabled || readonly}
      ariaLabelForHandle={label || id}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={readonly ? undefined : (next: number) => onChange(next ?? options.emptyValue)}
      onFocus={() => onFocus(id, value)}
      onBlur={() => onBlur(id, value)}
    />
  );
}
