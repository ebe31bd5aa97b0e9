import { PauseCircleOutlined, PlayCircleOutlined, StopOutlined } from "@ant-design/icons";
import { useCustomMutation, type HttpError } from "@refinedev/core";
import { App, Button, Flex } from "antd";
import type { CallId, CampaignRecord } from "../../../../../contract";
import { formatCount, formatINR } from "../../../../shell/format";
import { estimateLabel } from "../cost-labels";
import { channelCalls, ownerActions } from "./report-data";

interface Props {
  campaign: CampaignRecord;
  /** Refetch the campaign and its report after an action. */
  onDone: () => void;
}

const errorToast = (fallback: string) => (err?: HttpError) => ({ type: "error" as const, message: err?.message || fallback });

/** The owner's controls: pause / resume, start a ready campaign, discard; starting and discarding ask first. */
export function CampaignActions({ campaign: c, onDone }: Props) {
  const { modal } = App.useApp();
  const { mutateAsync, mutation } = useCustomMutation<Record<string, unknown>, HttpError, Record<string, never>>();
  const allowed = ownerActions(c.status);
  const calls = channelCalls(c.channel);

  const run = async (callId: CallId, method: "post" | "put", done: string, failed: string) => {
    try {
      await mutateAsync({
        url: "",
        method,
        values: {},
        meta: { callId, params: { id: c._id } },
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
      content: "Sending stops at once and cannot be resumed. Messages already sent stay sent; the unused hold returns to the balance.",
      okText: "Discard campaign",
      okButtonProps: { danger: true },
      onOk: () => run(calls.discard, "put", "Campaign discarded", "Failed to discard campaign"),
    });

  const confirmStart = () =>
    modal.confirm({
      title: `Start ${c.name}?`,
      content: `${formatCount(c.total)} recipients, ${estimateLabel(c.cost.estimated, c.cost.max)}. ${formatINR(c.cost.max)} is held from the balance now and settled per message; what is not spent returns at the end.`,
      okText: "Start now",
      onOk: () => run(calls.start, "post", "Campaign started", "Failed to start campaign"),
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
        <Button icon={<PauseCircleOutlined />} onClick={() => void run("campaigns.pause", "post", "Campaign paused", "Failed to pause campaign")} loading={busy}>
          Pause
        </Button>
      )}
      {allowed.resume && (
        <Button type="primary" icon={<PlayCircleOutlined />} onClick={() => void run("campaigns.resume", "post", "Campaign resumed", "Failed to start campaign")} loading={busy}>
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
