import { CalendarOutlined, DownOutlined } from "@ant-design/icons";
import { Button, Dropdown, Flex, Segmented, Skeleton } from "antd";
import { lazy, Suspense, useState } from "react";
import type { DashboardChannel, DashboardRange } from "../../../../contract/domain/dashboards";
import { formatDate } from "../../../shell/format";
import type { ReportFilters } from "./use-report-filters";

// The date picker (dayjs and antd's picker panels) loads only when someone asks for a custom range.
const CustomRangePicker = lazy(async () => ({ default: (await import("./custom-range-picker")).CustomRangePicker }));

const RANGES: { label: string; value: DashboardRange }[] = [
  { label: "Today", value: "today" },
  { label: "7 days", value: "7d" },
  { label: "30 days", value: "30d" },
  { label: "Custom", value: "custom" },
];
const CHANNELS: { label: string; value: DashboardChannel }[] = [
  { label: "All channels", value: "all" },
  { label: "WhatsApp", value: "whatsapp" },
  { label: "SMS", value: "sms" },
  { label: "RCS", value: "rcs" },
];

/** The period and channel of a report screen: presets, a custom range, and one channel or all. */
export function ReportFiltersBar({ filters, channel = true }: { filters: ReportFilters; channel?: boolean }) {
  const [picking, setPicking] = useState(false);
  const custom = filters.range === "custom";
  return (
    <Flex gap={8} wrap align="center">
      <Segmented<DashboardRange>
        value={picking ? "custom" : filters.range}
        options={RANGES}
        aria-label="Period"
        onChange={(value) => {
          if (value === "custom") setPicking(true);
          else {
            setPicking(false);
            filters.setRange(value);
          }
        }}
      />
      {picking && (
        <Suspense fallback={<Skeleton.Input active size="small" style={{ width: 240 }} />}>
          <CustomRangePicker
            from={custom ? filters.from : undefined}
            to={custom ? filters.to : undefined}
            onChange={(from, to) => {
              setPicking(false);
              filters.setCustom(from, to);
            }}
          />
        </Suspense>
      )}
      {custom && !picking && (
        <Button icon={<CalendarOutlined />} onClick={() => setPicking(true)} aria-label="Change the custom range">
          {formatDate(`${filters.from}T12:00:00`)} – {formatDate(`${filters.to}T12:00:00`)}
        </Button>
      )}
      {channel && (
        // A menu rather than antd's Select: the dropdown is already in the shell, the Select would add ~25 KB.
        <Dropdown
          trigger={["click"]}
          menu={{
            items: CHANNELS.map((c) => ({ key: c.value, label: c.label })),
            selectable: true,
            selectedKeys: [filters.channel],
            onClick: ({ key }) => filters.setChannel(key as DashboardChannel),
          }}
        >
          <Button
            aria-label={`Channel: ${CHANNELS.find((c) => c.value === filters.channel)?.label}`}
            style={{ minWidth: 150, justifyContent: "space-between" }}
          >
            {CHANNELS.find((c) => c.value === filters.channel)?.label} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Flex>
  );
}
