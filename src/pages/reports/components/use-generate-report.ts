import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { MSG, type CampaignRecord } from "../../../../contract";
import {
  ALL_CAMPAIGNS,
  indiaDay,
  REPORT_DEFAULT_FORMAT,
  reportRangeProblems,
  type ReportChannel,
  type ReportFormat,
} from "../../../../contract/domain/reports";
import { useCall, useCallMutation } from "../../../api";
import { failure } from "./use-reports";

export interface GenerateValues {
  range: [Dayjs, Dayjs];
  channel: ReportChannel;
  campaignId: string;
  detailed: boolean;
  format: ReportFormat;
}

export const DAY = "YYYY-MM-DD";

/**
 * The range picker's presets (SPEC's dashboards name the same three): both ends counted, today last. "Today" is India's
 * calendar day, as the server counts days: from 18:30 UTC a browser elsewhere is still on the day before, and a
 * campaign created a moment ago fell outside "the last 30 days".
 */
export const RANGE_PRESETS = (today: Dayjs = dayjs(indiaDay(new Date()))) => [
  { label: "Today", value: [today.startOf("day"), today.startOf("day")] as [Dayjs, Dayjs] },
  { label: "Last 7 days", value: [today.subtract(6, "day").startOf("day"), today.startOf("day")] as [Dayjs, Dayjs] },
  { label: "Last 30 days", value: [today.subtract(29, "day").startOf("day"), today.startOf("day")] as [Dayjs, Dayjs] },
];

export const initialValues = (): GenerateValues => ({
  range: RANGE_PRESETS()[2].value,
  channel: "all",
  campaignId: ALL_CAMPAIGNS,
  detailed: false,
  format: REPORT_DEFAULT_FORMAT,
});

/** The newest campaigns offered in the picker; older ones are reached through "All campaigns" and the dates. */
const PICKER_LIMIT = 100;

/**
 * Whether a campaign created at `createdAt` falls on a day of the range: India's calendar day, as the server decides
 * it.
 */
export const inRange = (createdAt: string, [from, to]: [Dayjs, Dayjs]) => {
  const day = indiaDay(new Date(createdAt));
  return day >= from.format(DAY) && day <= to.format(DAY);
};

/**
 * The generate form's data and action: the channel's newest campaigns for the picker (campaigns.list), and
 * reports.generate with the dates, channel and campaign in the path and the detailed flag and format in the query.
 */
export function useGenerateReport(onQueued: () => void) {
  const [channel, setChannel] = useState<ReportChannel>("all");
  const campaigns = useCall(
    "campaigns.list",
    { query: { page: 1, limit: PICKER_LIMIT, ...(channel === "all" ? {} : { channel }) } },
    { errorNotification: false },
  ).query;

  const generateCall = useCallMutation("reports.generate");
  const submit = async (v: GenerateValues): Promise<boolean> => {
    const from = v.range[0].format(DAY);
    const to = v.range[1].format(DAY);
    try {
      await generateCall.mutateAsync({
        params: { from, to, channel: v.channel, campaignId: v.campaignId },
        query: { detailedCampaignReport: v.detailed, format: v.format },
        successNotification: () => ({
          type: "success",
          message: "Report queued",
          description: "It is generated in the background: its progress shows in the list below.",
        }),
        errorNotification: failure(MSG.generateReport),
      });
      onQueued();
      return true;
    } catch {
      return false;
    }
  };

  return {
    channel,
    setChannel,
    campaigns: (campaigns.data?.data.campaigns ?? []) as CampaignRecord[],
    campaignsLoading: campaigns.isFetching,
    campaignsError: campaigns.isError ? (campaigns.error?.message ?? MSG.fetchCampaigns) : null,
    submit,
    busy: generateCall.isPending,
    /** The range's problem in words (the server checks the same rule), or null. */
    rangeProblem: (range: [Dayjs, Dayjs] | null | undefined): string | null => {
      if (!range) return "Choose the dates";
      const [problem] = reportRangeProblems(range[0].format(DAY), range[1].format(DAY));
      return problem ? `${problem.field === "from" ? "Start date" : "End date"} ${problem.message}` : null;
    },
  };
}

export type GenerateModel = ReturnType<typeof useGenerateReport>;
