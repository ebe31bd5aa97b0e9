import type { WidgetProps } from "@rjsf/utils";
import { Input, Select } from "antd";
import { useCall } from "../../../api";

/** The Assign step's agent: the account's active team members by name (typed as an id when the list cannot be read). */
export function AgentSelect({ id, value, onChange, onFocus, label }: WidgetProps) {
  const agents = useCall("liveAgents.list", { query: { page: 1, limit: 100 } }, { errorNotification: false });
  if (agents.query.error)
    return (
      <Input
        id={id}
        aria-label={label}
        value={typeof value === "string" ? value : ""}
        onChange={(e) => onChange(e.target.value)}
        placeholder="Agent id (empty: the team)"
      />
    );
  const options = [
    { value: "", label: "The team (unassigned)" },
    ...(agents.query.data?.data.data ?? [])
      .filter((a) => a.status === "active")
      .map((a) => ({ value: a._id, label: a.name })),
  ];
  return (
    <Select
      id={id}
      aria-label={label}
      loading={agents.query.isLoading}
      value={typeof value === "string" ? value : ""}
      options={options}
      showSearch
      optionFilterProp="label"
      onChange={(v: string) => onChange(v)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
