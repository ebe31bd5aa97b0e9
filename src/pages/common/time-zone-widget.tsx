import { ariaDescribedByIds, type WidgetProps } from "@rjsf/utils";
import { Select } from "antd";
import { useMemo } from "react";
import { timeZoneList } from "../../../contract/domain/time-zone";
import { displayTimeZone } from "../../shell/format";
import type { FormValues } from "./schema-form";

/** A searchable list of the IANA zones the browser knows, the person's current one first (schemas' "timeZone"). */
export function TimeZoneWidget({
  id,
  label,
  value,
  disabled,
  readonly,
  onChange,
  onBlur,
  onFocus,
}: WidgetProps<FormValues>) {
  const current = typeof value === "string" && value ? value : displayTimeZone();
  const options = useMemo(
    () => timeZoneList(current).map((z) => ({ value: z, label: z.replace(/_/g, " ") })),
    [current],
  );
  return (
    <Select
      id={id}
      aria-label={label || id}
      aria-describedby={ariaDescribedByIds(id)}
      showSearch
      optionFilterProp="label"
      value={current}
      options={options}
      disabled={disabled || readonly}
      onChange={(next: string) => onChange(next)}
      onFocus={() => onFocus(id, value)}
      onBlur={() => onBlur(id, value)}
    />
  );
}
