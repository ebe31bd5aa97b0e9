import type { HttpError } from "@refinedev/core";
import { useEffect, useReducer, useState } from "react";
import { useNavigate } from "react-router";
import { MSG, type CampaignChannel } from "../../../../../contract";
import type { IngestProgressRecord, PreCheckRecord } from "../../../../../contract/calls/campaign-records";
import { useCall, useCallMutation } from "../../../../api";
import { saveBlob } from "../../../../lib/save-blob";
import { useFileCall } from "../../../common/use-download";
import { CHANNEL_CALLS, createPayload, type CreateCall, type StartCall } from "./channel-calls";
import { audienceErrors, initialState, STEP, wizardReducer } from "./wizard-state";

/** How often the ingest report is read while the server reads the audience. */
export const INGEST_POLL_MS = 700;

/** The stepper's calls on the created campaign: each takes its id in the path. */
type ControlCall = StartCall | "campaigns.schedule" | "campaigns.discard";
const RUNNING = new Set(["draft", "validating"]);

/**
 * The creation stepper's state and its server calls: create (with the file's upload progress), the ingest report
 * polled while it runs, the pre-send check, test send, start or schedule, discard, and the rejected-rows download.
 */
export function useCampaignCreate(channel: CampaignChannel) {
  const [state, dispatch] = useReducer(wizardReducer, channel, initialState);
  const [upload, setUpload] = useState<number | null>(null);
  const [createError, setCreateError] = useState<string | null>(null);
  const navigate = useNavigate();
  const id = state.campaignId ?? "";
  const calls = CHANNEL_CALLS[channel];

  const createCall = useCallMutation<CreateCall>(calls.create);
  const control = useCallMutation<ControlCall>("campaigns.discard");
  const testSendCall = useCallMutation("campaigns.testSend");
  const rejected = useFileCall();

  const progress = useCall(
    "campaigns.validatingProgress",
    { params: { id } },
    {
      queryOptions: { enabled: Boolean(id) && state.ingest === "running", refetchInterval: INGEST_POLL_MS },
      errorNotification: false,
    },
  );
  const report: IngestProgressRecord | undefined = progress.query.data?.data.data;
  const settled = report && report.campaignId === id && !RUNNING.has(report.status) ? report.status : null;
  useEffect(() => {
    if (settled && state.ingest === "running") dispatch({ type: "ingestSettled", ok: settled === "ready" });
  }, [settled, state.ingest]);

  const check = useCall(
    "campaigns.check",
    { params: { id } },
    {
      queryOptions: { enabled: Boolean(id) && state.ingest === "ready" && state.step >= STEP.check },
      errorNotification: false,
    },
  );
  const preCheck: PreCheckRecord | undefined = check.query.data?.data.data;

  const submit = async () => {
    const errors = audienceErrors(state.draft);
    if (Object.keys(errors).length) {
      dispatch({ type: "errors", errors });
      return errors;
    }
    setCreateError(null);
    const payload = createPayload(channel, state.draft);
    if (payload instanceof FormData) setUpload(0);
    try {
      const res = await createCall.mutateAsync({
        body: payload,
        onUploadProgress: (f: number) => setUpload(Math.round(f * 100)),
        successNotification: false,
        errorNotification: false,
      });
      const created = res.data;
      if (created?._id) dispatch({ type: "created", campaignId: created._id });
    } catch (e) {
      setCreateError((e as HttpError).message || MSG.createCampaign);
    } finally {
      setUpload(null);
    }
    return {};
  };

  const run = (call: ControlCall, body: unknown, fallback: string, success?: string) =>
    control.mutateAsync({
      call,
      params: { id },
      body,
      successNotification: success ? { type: "success", message: success } : false,
      errorNotification: (err) => ({ type: "error", message: err?.message || fallback }),
    });

  const toReport = () => navigate(`../individual-reports?campaignId=${encodeURIComponent(id)}`, { relative: "path" });

  return {
    state,
    dispatch,
    upload,
    creating: createCall.isPending,
    createError,
    submit,
    report,
    reportError: progress.query.isError ? (progress.query.error?.message ?? MSG.somethingWrong) : null,
    preCheck,
    checkLoading: check.query.isLoading || check.query.isFetching,
    checkError: check.query.isError ? (check.query.error?.message ?? MSG.somethingWrong) : null,
    recheck: () => void check.query.refetch(),
    busy: control.isPending || testSendCall.isPending || rejected.busy,
    start: async () => {
      await run(calls.start, {}, MSG.startCampaign, "Campaign started");
      toReport();
    },
    schedule: async (scheduledAt: string, timeZone: string) => {
      await run("campaigns.schedule", { scheduledAt, timeZone }, MSG.startCampaign, "Campaign scheduled");
      toReport();
    },
    testSend: async (numbers: string[]) => {
      const res = await testSendCall.mutateAsync({
        params: { id },
        body: { numbers },
        successNotification: false,
        errorNotification: (err) => ({ type: "error", message: err?.message || MSG.somethingWrong }),
      });
      return res.data;
    },
    discard: async () => {
      await run("campaigns.discard", {}, MSG.somethingWrong, "Campaign discarded: change it and create it again");
      dispatch({ type: "reopen" });
    },
    downloadRejected: async () => {
      const blob = await rejected.fetchFile("campaigns.rejectedRows", { params: { id } });
      saveBlob(blob, `excluded-rows-${id}.csv`);
    },
  };
}

export type CampaignCreate = ReturnType<typeof useCampaignCreate>;
