import { Card, Empty, Flex, Select, Typography } from "antd";
import { formatDate } from "../../../../shell/format";
import { CampaignStatusTag, ChannelTag } from "./campaign-tags";
import { useCampaignSearch } from "./use-campaign-search";

/** Choose the campaign to report on: the newest ones, or found by name, template or sender. */
export function CampaignPicker({ onPick }: { onPick: (id: string) => void }) {
  const { text, setTyped, campaigns: shown, query: active } = useCampaignSearch();

  return (
    <Card>
      <Typography.Paragraph>
        Pick a campaign to see its live progress, delivery funnel, errors, responses and downloads.
      </Typography.Paragraph>
      <Select
        aria-label="Campaign"
        showSearch
        filterOption={false}
        placeholder="Search campaigns by name, template or sender"
        style={{ width: "100%", maxWidth: 640 }}
        onSearch={setTyped}
        onChange={(id: string) => onPick(id)}
        loading={active.isFetching}
        notFoundContent={
          active.isError ? (
            <Typography.Text type="danger">{active.error?.message}</Typography.Text>
          ) : active.isFetching ? null : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={text ? "No campaign matches." : "No campaigns yet."}
            />
          )
        }
        options={shown.map((c) => ({
          value: c._id,
          label: (
            <Flex gap={8} align="center" justify="space-between">
              <span>{c.name}</span>
              <span>
                <ChannelTag channel={c.channel} />
                <CampaignStatusTag status={c.status} />
                <Typography.Text type="secondary">{formatDate(c.createdAt)}</Typography.Text>
              </span>
            </Flex>
          ),
        }))}
      />
    </Card>
  );
}
