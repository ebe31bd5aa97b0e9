import { Alert, Button, DatePicker, Flex, Input, Popconfirm, Segmented, Skeleton, Table, Tag, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { withSmsFallback, type RateKey } from "../../../../contract/domain/rate-keys";
import { effectiveAt, type RateCardScope, type RateSource } from "../../../../contract/domain/rate-cards";
import { formatDate, formatINR } from "../../../shell/format";
import { RATE_KEYS_LABELS, SMS_ROW_HELP } from "./rate-labels";
import { RateCardHistory } from "./rate-card-history";
import { useRateCard } from "./use-rate-card";

const SOURCE_LABELS: Record<RateSource, { text: string; color: string }> = {
  account: { text: "Own card", color: "blue" },
  organization: { text: "Organization's card", color: "geekblue" },
  reseller: { text: "Reseller's card", color: "purple" },
  global: { text: "Global rate", color: "default" },
  default: { text: "Default", color: "default" },
};

/** Rupees as typed: blank is "unchanged"; a number with at most two decimals, 0 to 100. */
const RUPEES = /^\d{1,3}(\.\d{1,2})?$/;

interface Row {
  key: RateKey;
  label: string;
  current: number | null;
  source: RateSource | null;
  cost: number | null;
}

export interface RateCardPanelProps {
  accountId: string;
  /** The card a reseller's own id opens: its default for customers (a reseller's own rates are set by the admin). */
  fixedScope?: RateCardScope;
  /** The title of the cost column ("Your cost" for the reseller itself). */
  costLabel: string;
  /** Told after a change is saved (the admin's list of every change reads itself again). */
  onSaved?: () => void;
}

/**
 * One account's card: what it pays per rate and from which card, the cost beside it and the margin, new rates from a
 * chosen day (blank: unchanged), and the history of changes.
 */
export function RateCardPanel({ accountId, fixedScope, costLabel, onSaved }: RateCardPanelProps) {
  const state = useRateCard(accountId);
  const [chosenScope, setScope] = useState<RateCardScope>("account");
  const [typed, setTyped] = useState<Partial<Record<RateKey, string>>>({});
  const [day, setDay] = useState("");
  const card = state.card;
  if (state.error)
    return (
      <Alert
        type="error"
        showIcon
        message={state.error}
        action={
          <Button size="small" onClick={state.refetch}>
            Retry
          </Button>
        }
      />
    );
  if (state.loading || !card) return <Skeleton active paragraph={{ rows: 6 }} />;

  const isReseller = card.role === "reseller";
  const scope: RateCardScope = fixedScope ?? (isReseller ? chosenScope : "account");
  // As the server prices it: an SMS category the card leaves unset costs the card's SMS rate.
  const customerCard = withSmsFallback(
    effectiveAt(
      card.rows.filter((r) => r.scope === "customers").map((r) => ({ ...r, paise: Math.round(r.rupees * 100) })),
      new Date(),
    ),
  );
  const rows: Row[] = RATE_KEYS_LABELS.map(([key, label]) => ({
    key,
    label,
    current: scope !== "customers" ? card.rates[key] : customerCard[key] === undefined ? null : customerCard[key] / 100,
    source: scope === "customers" ? (customerCard[key] === undefined ? null : "account") : card.sources[key],
    cost: card.cost ? card.cost[key] : null,
  }));
  const invalid = Object.entries(typed).filter(([, v]) => v !== undefined && v !== "" && !RUPEES.test(v));
  const changes = Object.fromEntries(
    Object.entries(typed)
      .filter(([, v]) => v !== undefined && v !== "" && RUPEES.test(v))
      .map(([k, v]) => [k, Number(v)]),
  ) as Partial<Record<RateKey, number>>;
  const count = Object.keys(changes).length;

  const submit = async () => {
    if (await state.save({ scope, day, rates: changes })) {
      setTyped({});
      onSaved?.();
    }
  };

  return (
    <Flex vertical gap={16}>
      {isReseller && !fixedScope && (
        <Segmented<RateCardScope>
          aria-label="Which card"
          value={chosenScope}
          onChange={(v) => {
            setScope(v);
            setTyped({});
          }}
          options={[
            { value: "account", label: "Reseller's own rates (its cost)" },
            { value: "customers", label: "Default for its customers" },
          ]}
        />
      )}
      <Table<Row>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          {
            title: "Rate",
            key: "label",
            render: (_, r) =>
              r.key === "sms" ? (
                <Flex vertical>
                  <span>{r.label}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {SMS_ROW_HELP}
                  </Typography.Text>
                </Flex>
              ) : (
                r.label
              ),
          },
          {
            title: scope === "customers" ? "Customers pay" : "Pays now",
            key: "current",
            width: 200,
            render: (_, r) =>
              r.current === null ? (
                <Typography.Text type="secondary">Not set (global)</Typography.Text>
              ) : (
                <Flex gap={8} align="center" wrap>
                  <span data-rate={r.key}>{formatINR(r.current)}</span>
                  {r.source && scope === "account" && (
                    <Tag color={SOURCE_LABELS[r.source].color}>{SOURCE_LABELS[r.source].text}</Tag>
                  )}
                </Flex>
              ),
          },
          // A reseller's own rates are its cost: no second column of the same figures.
          ...(card.cost && !(isReseller && scope === "account")
            ? [
                { title: costLabel, key: "cost", width: 110, render: (_: unknown, r: Row) => formatINR(r.cost ?? 0) },
                {
                  title: "Margin",
                  key: "margin",
                  width: 110,
                  render: (_: unknown, r: Row) => {
                    if (r.current === null || r.cost === null) return "—";
                    const margin = Math.round((r.current - r.cost) * 100) / 100;
                    return (
                      <Typography.Text type={margin < 0 ? "danger" : undefined} data-margin={r.key}>
                        {formatINR(margin)}
                      </Typography.Text>
                    );
                  },
                },
              ]
            : []),
          {
            title: "New rate",
            key: "new",
            width: 170,
            render: (_, r) => (
              <Input
                addonBefore="₹"
                inputMode="decimal"
                placeholder="keep"
                aria-label={`New ${r.label} rate in rupees`}
                status={typed[r.key] && !RUPEES.test(typed[r.key] ?? "") ? "error" : undefined}
                value={typed[r.key] ?? ""}
                onChange={(e) => setTyped((t) => ({ ...t, [r.key]: e.target.value.trim() }))}
              />
            ),
          },
        ]}
      />
      {invalid.length > 0 && (
        <Alert type="error" showIcon message="A rate is rupees with at most two decimals, for example 0.25" />
      )}
      {state.refusal && <Alert type="error" showIcon role="alert" message={state.refusal} />}
      <Flex gap={12} align="end" wrap>
        <label style={{ display: "flex", flexDirection: "column", gap: 4 }}>
          <Typography.Text>Effective from (blank: now)</Typography.Text>
          <DatePicker
            id="rate-effective-from"
            aria-label="Effective from (blank: now)"
            format="DD/MM/YYYY"
            placeholder="DD/MM/YYYY"
            value={day ? dayjs(day) : null}
            // A day before today would rewrite history (the server refuses it too).
            disabledDate={(d) => d.isBefore(dayjs().startOf("day"))}
            onChange={(d: Dayjs | null) => setDay(d ? d.format("YYYY-MM-DD") : "")}
            style={{ width: 180 }}
          />
        </label>
        <Popconfirm
          title={`Save ${count} ${count === 1 ? "rate" : "rates"}?`}
          description={`From ${day ? formatDate(`${day}T00:00:00+05:30`) : "now"}. Campaigns already holding money keep their rates.`}
          okText="Save"
          onConfirm={() => void submit()}
          disabled={count === 0 || invalid.length > 0}
        >
          <Button type="primary" loading={state.saving} disabled={count === 0 || invalid.length > 0}>
            Save rates
          </Button>
        </Popconfirm>
      </Flex>
      <RateCardHistory audit={state.audit} />
    </Flex>
  );
}
