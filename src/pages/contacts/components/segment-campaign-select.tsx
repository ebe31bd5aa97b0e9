import { Empty, Select, Typography } from "antd";
import { useCall } from "../../../api";
import { useCampaignSearch } from "../../campaigns/components/report/use-campaign-search";

/**
 * The engagement condition's "in campaign X": a searchable select of the caller's campaigns (the newest, or found as
 * the person types; the text never reaches the page URL). Cleared, the condition counts any campaign. A chosen
 * campaign outside the options shown (an older one, a saved segment reopened) is named by reading it.
 */
export function SegmentCampaignSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value?: string;
  onChange: (campaignId: string | undefined) => void;
}) {
  const { text, setTyped, campaigns, query } = useCampaignSearch();
  const listed = value ? campaigns.some((c) => c._id === value) : true;
  const chosen = useCall(
    "campaigns.get",
    { params: { id: value ?? "" } },
    { queryOptions: { enabled: !listed }, errorNotification: false },
  ).query.data?.data.data;
  const options = campaigns.map((c) => ({ value: c._id, label: c.name }));
  if (value && !listed) options.unshift({ value, label: chosen?.name ?? "A campaign" });
  return (
    <Select
      aria-label={label}
      showSearch
      allowClear
      filterOption={false}
      placeholder="any campaign"
      value={value}
      onSearch={setTyped}
      onChange={(id?: string) => onChange(id || undefined)}
      onClear={() => setTyped("")}
      loading={query.isFetching}
      options={options}
      style={{ width: 240 }}
      notFoundContent={
        query.isError ? (
          <Typography.Text type="danger">{query.error?.message}</Typography.Text>
        ) : query.isFetching ? null : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={text ? "No campaign matches." : "No campaigns yet."}
          />
        )
      }
    />
  );
}
