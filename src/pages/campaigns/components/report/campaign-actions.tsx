import { PauseCircleOutlined, PlayCircleOutlined, StopOutlined } from "@ant-design/icons";
import type { HttpError } from "@refinedev/core";
import { App, Button, Flex } from "antd";
import type { CampaignRecord } from "../../../../../contract";
import { useCallMutation } from "../../../../api";
import { formatCount, formatINR } from "../../../../shell/format";
import { estimateLabel } from "../cost-labels";
import { channelCalls, ownerActions, type ChannelCalls } from "./report-data";

interface Props {
  campaign: CampaignRecord;
  /** Refetch the campaign and its report after an action. */
  onDone: () => void;
}

/** The controls' calls: each takes the campaign's id in its path. */
type ControlCall = ChannelCalls["start"] | ChannelCalls["discard"] | "campaigns.pause" | "campaigns.resume";

const errorToast = (fallback: string) => (err?: HttpError) => ({
  type: "error" as const,
  message: err?.message || fallback,
});

/** The owner's controls: pause / resume, start a ready campaign, discard; starting and discarding ask first. */
export function CampaignActions({ campaign: c, onDone }: Props) {
  const { modal } = App.useApp();
  const mutation = useCallMutation<ControlCall>("campaigns.pause");
  const allowed = ownerActions(c.status);
  const calls = channelCalls(c.channel);

  const run = async (call: ControlCall, done: string, failed: string) => {
    try {
      await mutation.mutateAsync({
        call,
        params: { id: c._id },
        body: {},
        successNotification: () => ({ type: "success", message: done }),
        errorNotification: errorToast(failed),
      });
    } catch {
      // The error toast has said why; the page keeps the state the server has.
    }
    onDone();
  };

  const confirmDiscard = () =>
    modal.confirm({
      title: `Discard ${c.name}?`,
      content:
        "Sending stops at once and cannot be resumed. Messages already sent stay sent; the unused hold returns to the balance.",
      okText: "Discard campaign",
      okButtonProps: { danger: true },
      onOk: () => run(calls.discard, "Campaign discarded", "Failed to discard campaign"),
    });

  const confirmStart = () =>
    modal.confirm({
      title: `Start ${c.name}?`,
      content: `${formatCount(c.total)} recipients, ${estimateLabel(c.cost.estimated, c.cost.max)}. ${formatINR(c.cost.max)} is held from the balance now and settled per message; what is not spent returns at the end.`,
      okText: "Start now",
      onOk: () => run(calls.start, "Campaign started", "Failed to start campaign"),
    });

  const busy = mutation.isPending;
  return (
    <Flex gap={8} wrap>
      {allowed.start && (
        <Button type="primary" icon={<PlayCircleOutlined />} onClick={confirmStart} loading={busy}>
          Start
        </Button>
      )}
      {allowed.pause && (
        <Button
          icon={<PauseCircleOutlined />}
          onClick={() => void run("campaigns.pause", "Campaign paused", "Failed to pause campaign")}
          loading={busy}
        >
          Pause
        </Button>
      )}
      {allowed.resume && (
        <Button
          type="primary"
          icon={<PlayCircleOutlined />}
          onClick={() => void run("campaigns.resume", "Campaign resumed", "Failed to start campaign")}
          loading={busy}
        >
          Resume
        </Button>
      )}
      {allowed.discard && (
        <Button danger icon={<StopOutlined />} onClick={confirmDiscard} disabled={busy}>
          Discard
        </Button>
      )}
    </Flex>
  );
}
