import type { HttpError } from "@refinedev/core";
import { useEffect, useRef, useState } from "react";
import type { CallReply } from "../../../../contract";
import { useCall, useCallMutation } from "../../../api";
import type { AgentApi } from "./use-agent";

export type IntentRecord = CallReply<"ai.intents.get">["data"];
export type Classification = CallReply<"ai.intents.testClassification">["data"];

/**
 * The agent's intents and the live "try a sentence" console (classified as the person types, a moment after they stop).
 */
export function useIntents(agentId: string, api: AgentApi) {
  const { query } = useCall("ai.intents.list", { query: { agentId, limit: 100 } }, { errorNotification: false });
  const classify = useCallMutation("ai.intents.testClassification");
  const [sentence, setSentence] = useState("");
  const [result, setResult] = useState<Classification | null>(null);
  const [classifyError, setClassifyError] = useState<string | null>(null);
  const latest = useRef(0);
  const intents = query.data?.data.data ?? [];
  // Retrained on the server when intents change: the same sentence is classified again.
  const version = intents.map((i) => i.updatedAt).join(",");

  useEffect(() => {
    const text = sentence.trim();
    if (!text) {
      setResult(null);
      return;
    }
    const ticket = ++latest.current;
    const timer = setTimeout(() => {
      classify
        .mutateAsync({ body: { agentId, text }, successNotification: false, errorNotification: false })
        .then((res) => {
          if (ticket !== latest.current) return;
          setResult(res.data);
          setClassifyError(null);
        })
        .catch((err: HttpError) => ticket === latest.current && setClassifyError(err.message));
    }, 300);
    return () => clearTimeout(timer);
    // classify's identity changes every render; the sentence, agent and intents decide when to ask.
  }, [sentence, agentId, version]); // eslint-disable-line react-hooks/exhaustive-deps

  const after = async <T>(work: Promise<T>) => {
    try {
      return await work;
    } finally {
      void query.refetch();
    }
  };

  return {
    intents,
    loading: query.isFetching,
    error: query.error,
    sentence,
    setSentence,
    result,
    classifyError,
    classifying: classify.isPending,
    save: (values: object, id?: string) =>
      after(
        id
          ? api.call("ai.intents.update", { body: values, params: { id } })
          : api.call("ai.intents.create", { body: { ...values, agentId } }),
      ),
    setEnabled: (id: string, enabled: boolean) =>
      after(api.call("ai.intents.update", { body: { enabled }, params: { id }, quiet: true })),
    remove: (id: string) => after(api.call("ai.intents.delete", { params: { id } })),
  };
}
