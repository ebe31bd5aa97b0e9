import { Card, Empty, Flex, Select, Typography } from "antd";
import { useEffect, useState } from "react";
import { roleMayCall, useCall } from "../../../../api";
import { useSession } from "../../../../state/session";
import { formatDate } from "../../../../shell/format";
import { CampaignStatusTag, ChannelTag } from "./campaign-tags";

const SEARCH_DELAY_MS = 300;

function useDebounced(value: string, ms: number): string {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** Choose the campaign to report on: the newest ones, or found by name, template or sender. */
export function CampaignPicker({ onPick }: { onPick: (id: string) => void }) {
  const role = useSession().user?.type ?? "user";
  const [typed, setTyped] = useState("");
  const text = useDebounced(typed.trim(), SEARCH_DELAY_MS);
  const searching = text.length > 0 && roleMayCall(role, "campaigns.search");

  const recent = useCall(
    "campaigns.list",
    { query: { page: 1, limit: 20 } },
    { queryOptions: { enabled: !searching }, errorNotification: false },
  ).query;
  const found = useCall(
    "campaigns.search",
    { query: { query: text } },
    { queryOptions: { enabled: searching }, errorNotification: false },
  ).query;

  const active = searching ? found : recent;
  const campaigns = active.data?.data.campaigns ?? [];
  const shown =
    searching || !text ? campaigns : campaigns.filter((c) => c.name.toLowerCase().includes(text.toLowerCase()));

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
