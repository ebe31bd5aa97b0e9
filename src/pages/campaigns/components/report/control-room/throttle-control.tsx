import { Button, Flex, Form, InputNumber, Slider, Typography } from "antd";
import { useState } from "react";
import { MSG } from "../../../../../../contract";
import { campaignThrottle } from "../../../../../../schemas/campaign-throttle";
import { useCallMutation } from "../../../../../api";
import { toast } from "../../../../../components/toast";
import { fieldErrorsOf } from "../../../../common/field-errors";
import { clampThrottle, formatRate, type CampaignLive } from "./control-room-data";

const FIELD = campaignThrottle.properties.perSecond;

/**
 * The sender's throttle while it runs: a slider and a number within the sender's bounds, applied on Apply; "As fast as
 * the sender allows" clears it. The server's refusal (past the sender's limit, a campaign that has ended) is said under
 * the field, where it is fixed.
 */
export function ThrottleControl({
  campaignId,
  throttle,
  onSaved,
}: {
  campaignId: string;
  throttle: CampaignLive["throttle"];
  onSaved: () => void;
}) {
  const save = useCallMutation("campaigns.throttle");
  // What the person is moving; null follows the server's value (another tab, or the refetch after Apply).
  const [draft, setDraft] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const current = throttle.perSecond ?? throttle.max;
  const value = draft ?? current;
  const changed = draft !== null && draft !== throttle.perSecond;

  const apply = async (perSecond: number | null) => {
    setRefusal(null);
    try {
      await save.mutateAsync({ params: { id: campaignId }, body: { perSecond }, errorNotification: false });
      toast.success(
        perSecond === null ? "Sending as fast as the sender allows" : `Throttle set to ${formatRate(perSecond)}`,
      );
      setDraft(null);
      onSaved();
    } catch (e) {
      const onField = fieldErrorsOf(e).perSecond;
      setRefusal(onField?.join(" ") ?? (e instanceof Error && e.message ? e.message : MSG.somethingWrong));
    }
  };
  const move = (next: number | null) => {
    setRefusal(null);
    setDraft(clampThrottle(next, throttle.min, throttle.max));
  };

  return (
    <Form layout="vertical" onFinish={() => void apply(value)} aria-label="Throttle">
      <Form.Item
        label={FIELD.title}
        htmlFor="campaign-throttle"
        validateStatus={refusal ? "error" : undefined}
        help={refusal ?? `From ${formatRate(throttle.min)} up to the sender's limit, ${formatRate(throttle.max)}.`}
        style={{ marginBottom: 12 }}
      >
        <Flex gap={16} align="center" wrap>
          <Slider
            min={throttle.min}
            max={throttle.max}
            value={value}
            onChange={(v) => move(v)}
            disabled={save.isPending || throttle.max <= throttle.min}
            ariaLabelForHandle="Messages per second"
            style={{ flex: "1 1 200px", minWidth: 160 }}
          />
          <InputNumber
            id="campaign-throttle"
            min={throttle.min}
            max={throttle.max}
            precision={0}
            value={value}
            onChange={(v) => move(typeof v === "number" ? v : null)}
            disabled={save.isPending}
            addonAfter="msg/s"
            style={{ width: 150 }}
          />
        </Flex>
      </Form.Item>
      <Flex gap={8} wrap align="center">
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!changed}>
          Apply
        </Button>
        <Button
          onClick={() => void apply(null)}
          disabled={save.isPending || throttle.perSecond === null}
          data-testid="throttle-clear"
        >
          As fast as the sender allows
        </Button>
        <Typography.Text type="secondary" data-testid="throttle-effective">
          Sending at up to {formatRate(throttle.effective)}
        </Typography.Text>
      </Flex>
    </Form>
  );
}
