import { useSearchParams } from "react-router";
import {
  DASHBOARD_CHANNELS,
  DASHBOARD_DEFAULT_RANGE,
  DASHBOARD_RANGES,
  isDay,
  presetDays,
  type DashboardChannel,
  type DashboardRange,
} from "../../../../contract/domain/dashboards";

export interface ReportFilters {
  range: DashboardRange;
  /** The days asked for (custom: as picked; a preset: ending today). */
  from: string;
  to: string;
  channel: DashboardChannel;
  /** The query fields of a dashboard, team or quota call. */
  query: { from: string; to: string; channel: DashboardChannel };
  setRange: (range: Exclude<DashboardRange, "custom">) => void;
  setCustom: (from: string, to: string) => void;
  setChannel: (channel: DashboardChannel) => void;
  /** The last 30 days on every channel: what an empty period offers. */
  widen: () => void;
}

const oneOf = <T extends string>(values: readonly T[], raw: string | null, fallback: T): T =>
  raw && (values as readonly string[]).includes(raw) ? (raw as T) : fallback;

/**
 * The date range and channel of a report screen, kept in the URL (a reload or a shared link shows the same figures):
 * `?range=today|7d|30d` or `?range=custom&from=…&to=…`, and `&channel=`. A broken custom range falls back to 7 days.
 */
export function useReportFilters(): ReportFilters {
  const [params, setParams] = useSearchParams();
  const channel = oneOf(DASHBOARD_CHANNELS, params.get("channel"), "all");
  let range = oneOf(DASHBOARD_RANGES, params.get("range"), DASHBOARD_DEFAULT_RANGE);
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  if (range === "custom" && !(isDay(from) && isDay(to) && from <= to)) range = DASHBOARD_DEFAULT_RANGE;
  const days = range === "custom" ? { from, to } : presetDays(range);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  return {
    range,
    ...days,
    channel,
    query: { ...days, channel },
    setRange: (preset) => update({ range: preset, from: null, to: null }),
    setCustom: (f, t) => update({ range: "custom", from: f, to: t }),
    setChannel: (c) => update({ channel: c === "all" ? null : c }),
    widen: () => update({ range: "30d", from: null, to: null, channel: null }),
  };
}
