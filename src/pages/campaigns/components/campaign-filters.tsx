import { Flex, Input, Segmented, Select } from "antd";
import { CAMPAIGN_CHANNELS, type CampaignChannel } from "../../../../contract";
import type { CampaignStatus } from "../../../../contract/domain/campaigns";
import { AccountPicker } from "../../common/account-picker";
import { CHANNEL_META } from "../../template-library/components/library-card";
import { CAMPAIGN_STATUS_OPTIONS } from "./campaign-status";
import type { CampaignsListModel } from "./use-campaigns-list";

/** Channel, status, template and (operators) account filters, and the search box, over a campaigns table. */
export function CampaignFilters({ list }: { list: CampaignsListModel }) {
  const { filters, refilter } = list;
  return (
    <Flex gap={12} wrap align="center" style={{ padding: 16 }}>
      <Segmented
        aria-label="Channel"
        value={filters.channel}
        onChange={(v) => refilter({ channel: v as CampaignChannel | "all" })}
        options={[
          { value: "all", label: "All channels" },
          ...CAMPAIGN_CHANNELS.map((c) => ({ value: c, label: CHANNEL_META[c].label })),
        ]}
      />
      <Select<CampaignStatus>
        allowClear
        aria-label="Status"
        placeholder="Any status"
        style={{ width: 150 }}
        value={filters.status}
        onChange={(status) => refilter({ status })}
        options={CAMPAIGN_STATUS_OPTIONS}
      />
      <Input.Search
        allowClear
        aria-label="Template name"
        placeholder="Template name"
        style={{ width: 190 }}
        onSearch={(v) => refilter({ templateName: v.trim() || undefined })}
      />
      {list.isOperator && (
        <AccountPicker
          ariaLabel="Account"
          placeholder="Any account"
          value={filters.userId}
          onChange={(userId) => refilter({ userId })}
        />
      )}
      {list.canSearch && (
        <Input.Search
          allowClear
          aria-label="Search campaigns"
          placeholder="Search name, template or sender"
          style={{ maxWidth: 280 }}
          onSearch={(v) => list.setSearch(v)}
        />
      )}
    </Flex>
  );
}
