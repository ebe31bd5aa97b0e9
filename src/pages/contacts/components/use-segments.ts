import type { HttpError } from "@refinedev/core";
import { useEffect, useState } from "react";
import { MSG } from "../../../../contract";
import type { AttributeDefinition } from "../../../../contract/domain/contacts";
import {
  parseSegmentDefinition,
  SEGMENT_COUNT_DEBOUNCE_MS,
  type SegmentDefinition,
} from "../../../../contract/domain/segments";
import { useCall, useCallMutation } from "../../../api";
import { toast } from "../../../components/toast";

const failed = (err?: HttpError) => ({ type: "error" as const, message: err?.message || MSG.somethingWrong });

/** The account's segments and the calls that change them (each change refetches the list). */
export function useSegments() {
  const list = useCall("contacts.segments.list", {}, { errorNotification: false });
  const attributes = useCall("contacts.attributes.list", {}, { errorNotification: false });
  const create = useCallMutation("contacts.segments.create");
  const update = useCallMutation("contacts.segments.update");
  const remove = useCallMutation("contacts.segments.delete");
  const refetch = () => list.query.refetch();
  const save = async (input: { id?: string; name: string; description: string; definition: SegmentDefinition }) => {
    const { id, ...body } = input;
    const reply = id
      ? await update.mutateAsync({ params: { id }, body, successNotification: false, errorNotification: failed })
      : await create.mutateAsync({ body, successNotification: false, errorNotification: failed });
    toast.success(reply.message);
    await refetch();
  };
  const del = async (id: string) => {
    const reply = await remove.mutateAsync({ params: { id }, successNotification: false, errorNotification: failed });
    toast.success(reply.message);
    await refetch();
  };
  return {
    rows: list.query.data?.data.data ?? [],
    loading: list.query.isLoading,
    isError: list.query.isError,
    refetch,
    attributes: (attributes.query.data?.data.data ?? []) as AttributeDefinition[],
    save,
    saving: create.isPending || update.isPending,
    del,
  };
}

/**
 * The builder's live count: the definition is checked here first (the same rules as the server), then counted a
 * moment after the last change, so typing a value asks once, not per key.
 */
export function useLiveCount(definition: SegmentDefinition, attributes: readonly AttributeDefinition[]) {
  const preview = useCallMutation("contacts.segments.preview");
  const [count, setCount] = useState<number | null>(null);
  const [counting, setCounting] = useState(false);
  const parsed = parseSegmentDefinition(definition, attributes);
  const key = JSON.stringify(definition);
  useEffect(() => {
    if (!parsed.ok) {
      setCount(null);
      return;
    }
    let live = true;
    setCounting(true);
    const timer = setTimeout(() => {
      preview
        .mutateAsync({ body: { definition: parsed.definition }, successNotification: false, errorNotification: false })
        .then((reply) => live && setCount(reply.count))
        .catch(() => live && setCount(null))
        .finally(() => live && setCounting(false));
    }, SEGMENT_COUNT_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // The definition's text is the dependency: a new object with the same content asks nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attributes.length]);
  return { count, counting, errors: parsed.ok ? [] : parsed.errors };
}
