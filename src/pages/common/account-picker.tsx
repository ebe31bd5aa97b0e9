import { useSelect } from "@refinedev/antd";
import type { HttpError } from "@refinedev/core";
import { Select } from "antd";
import type { UserRecord } from "../../api";

export interface AccountPickerProps {
  value?: string;
  onChange: (id: string | undefined) => void;
  placeholder: string;
  ariaLabel: string;
}

/** Searchable choice among the accounts the caller may list (users.list, searched on the server). */
export function AccountPicker({ value, onChange, placeholder, ariaLabel }: AccountPickerProps) {
  const { selectProps } = useSelect<UserRecord, HttpError>({
    resource: "users",
    optionLabel: (u) => (u.name ? `${u.username} · ${u.name}` : u.username),
    optionValue: "_id",
    pagination: { pageSize: 50, mode: "server" },
    onSearch: (term) => [{ field: "search", operator: "contains", value: term }],
    errorNotification: false,
  });
  return (
    <Select<string>
      options={selectProps.options as { label: string; value: string }[] | undefined}
      onSearch={selectProps.onSearch}
      loading={selectProps.loading}
      filterOption={false}
      showSearch
      value={value}
      onChange={(v) => onChange(typeof v === "string" ? v : undefined)}
      allowClear
      placeholder={placeholder}
      style={{ minWidth: 280 }}
      aria-label={ariaLabel}
    />
  );
}
