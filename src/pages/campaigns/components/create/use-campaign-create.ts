import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import { useEffect, useReducer, useState } from "react";
import { useNavigate } from "react-router";
import { MSG, type CallReply, type CampaignChannel } from "../../../../../contract";
import type { IngestProgressRecord, PreCheckRecord } from "../../../../../contract/calls/campaign-records";
import { CHANNEL_CALLS, createPayload } from "./channel-calls";
import { saveBlob } from "../../../../lib/save-blob";
import { audienceErrors, initialState, STEP, wizardReducer } from "./wizard-state";

/** How often the ingest report is read while the server reads the audience. */
export const INGEST_POLL_MS = 700;

type Reply = Record<string, unknown>;
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

  const { mutateAsync, mutation } = useCustomMutation<Reply, HttpError, unknown>();
  const { mutateAsync: control, mutation: controlState } = useCustomMutation<Reply, HttpError, unknown>();

  const progress = useCustom<CallReply<"campaigns.validatingProgress"> & Reply>({
    url: "",
    method: "get",
    meta: { resource: "campaigns", action: "validatingProgress", params: { id } },
    queryOptions: { enabled: Boolean(id) && state.ingest === "running", refetchInterval: INGEST_POLL_MS },
    errorNotification: false,
  });
  const report: IngestProgressRecord | undefined = progress.query.data?.data.data;
  const settled = report && report.campaignId === id && !RUNNING.has(report.status) ? report.status : null;
  useEffect(() => {
    if (settled && state.ingest === "running") dispatch({ type: "ingestSettled", ok: settled === "ready" });
  }, [settled, state.ingest]);

  const check = useCustom<CallReply<"campaigns.check"> & Reply>({
    url: "",
    method: "get",
    meta: { resource: "campaigns", action: "check", params: { id } },
    queryOptions: { enabled: Boolean(id) && state.ingest === "ready" && state.step >= STEP.check },
    errorNotification: false,
  });
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
      const res = await mutateAsync({
        url: "",
        method: "post",
        values: payload,
        meta: { resource: "campaigns", action: calls.create, onUploadProgress: (f: number) => setUpload(Math.round(f * 100)) },
        successNotification: false,
        errorNotification: false,
      });
      const created = (res.data as { data?: { _id?: string } }).data;
      if (created?._id) dispatch({ type: "created", campaignId: created._id });
    } catch (e) {
      setCreateError((e as HttpError).message || MSG.createCampaign);
    } finally {
      setUpload(null);
    }
    return {};
  };

  const run = (action: string, values: unknown, fallback: string, success?: string) =>
    control({
      url: "",
      method: "post",
      values,
      meta: { resource: "campaigns", action, params: { id } },
      successNotification: success ? { type: "success", message: success } : false,
      errorNotification: (err) => ({ type: "error", message: err?.message || fallback }),
    });

  const toReport = () => navigate(`../individual-reports?campaignId=${encodeURIComponent(id)}`, { relative: "path" });

  return {
    state,
    dispatch,
    upload,
    creating: mutation.isPending,
    createError,
    submit,
    report,
    reportError: progress.query.isError ? (progress.query.error?.message ?? MSG.somethingWrong) : null,
    preCheck,
    checkLoading: check.query.isLoading || check.query.isFetching,
    checkError: check.query.isError ? (check.query.error?.message ?? MSG.somethingWrong) : null,
    recheck: () => void check.query.refetch(),
    busy: controlState.isPending,
    start: async () => {
      await run(calls.start, {}, MSG.startCampaign, "Campaign started");
      toReport();
    },
    schedule: async (scheduledAt: string, timeZone: string) => {
      await run("schedule", { scheduledAt, timeZone }, MSG.startCampaign, "Campaign scheduled");
      toReport();
    },
    testSend: async (numbers: string[]) => {
      const res = await run("testSend", { numbers }, MSG.somethingWrong);
      return (res.data as CallReply<"campaigns.testSend">).data;
    },
    discard: async () => {
      await control({
        url: "",
        method: "put",
        values: {},
        meta: { resource: "campaigns", action: "discard", params: { id } },
        successNotification: { type: "success", message: "Campaign discarded: change it and create it again" },
        errorNotification: (err) => ({ type: "error", message: err?.message || MSG.somethingWrong }),
      });
      dispatch({ type: "reopen" });
    },
    downloadRejected: async () => {
      const res = await control({
        url: "",
        // The data provider takes the method from the call's row (GET); the hook only knows mutation methods.
        method: "post",
        values: undefined,
        meta: { resource: "campaigns", action: "rejectedRows", params: { id } },
        successNotification: false,
        errorNotification: (err) => ({ type: "error", message: err?.message || MSG.somethingWrong }),
      });
      saveBlob(res.data as unknown as Blob, `excluded-rows-${id}.csv`);
    },
  };
}

export type CampaignCreate = ReturnType<typeof useCampaignCreate>;
