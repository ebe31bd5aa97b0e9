import { useCreate, useOne, useUpdate, type HttpError } from "@refinedev/core";
import { arrayMove } from "@dnd-kit/sortable";
import { useEffect, useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { MSG, type RcsTemplateRecord } from "../../../../contract";
import {
  checkRcsTemplate,
  emptyCard,
  emptyRcsDraft,
  orderedCards,
  type RcsCard,
  type RcsTemplateDraft,
} from "../../../../contract/domain/rcs";
import { libraryIdOf, type LibraryTemplate } from "../../../../contract/domain/template-library";
import { useCall } from "../../../api";
import { visibleErrors } from "./field-errors";

export interface LibraryOrigin {
  id: string;
  name: string;
}

let nextKey = 0;
const newKey = () => `card-${++nextKey}`;

/** Cards numbered 1..n in the order shown, which is the order the recipient sees them. */
const renumber = (cards: readonly RcsCard[]) => cards.map((card, i) => ({ ...card, order: i + 1 }));

/**
 * The bot template builder's state: the draft, its live rule messages (contract/domain/rcs.ts), the library origin
 * (SPEC 4: choosing one sets the flag, clearing resets it), and saving. `?id=` edits a saved template;
 * `?from=library:<id>` starts from a library template.
 */
export function useRcsBuilder() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const editId = params.get("id");
  const fromLibraryId = libraryIdOf(params.get("from"));
  const [draft, setDraft] = useState<RcsTemplateDraft>(() => emptyRcsDraft());
  const [keys, setKeys] = useState<string[]>(() => draft.carouselList.map(newKey));
  const [origin, setOrigin] = useState<LibraryOrigin | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const bots = useCall("rcsTemplates.bots", {}, { errorNotification: false });
  const botData = bots.query.data?.data.data;
  const botList = useMemo(() => botData ?? [], [botData]);

  const existing = useOne<RcsTemplateRecord, HttpError>({
    resource: "rcs-templates",
    id: editId ?? "",
    queryOptions: { enabled: Boolean(editId) },
    errorNotification: { type: "error", message: MSG.fetchTemplates },
  });
  const library = useCall(
    "templateLibrary.get",
    { params: { id: fromLibraryId ?? "" } },
    {
      queryOptions: { enabled: Boolean(fromLibraryId) && !editId },
      errorNotification: { type: "error", message: MSG.fetchTemplates },
    },
  );

  const replaceDraft = (next: RcsTemplateDraft) => {
    const cards = orderedCards(next.carouselList);
    setDraft({ ...next, carouselList: cards.length ? cards : emptyRcsDraft().carouselList });
    setKeys((cards.length ? cards : emptyRcsDraft().carouselList).map(newKey));
  };

  /** Fills the builder from a library template, keeping the bot and name already chosen. */
  const applyLibrary = (t: LibraryTemplate) => {
    if (!t.rcs) return;
    replaceDraft({ ...emptyRcsDraft(), ...t.rcs, botId: draft.botId, name: draft.name || t.name });
    setOrigin({ id: t.id, name: t.name });
  };

  useEffect(() => {
    const record = existing.result;
    if (!editId || !record || loaded) return;
    replaceDraft({ ...emptyRcsDraft(), ...record.draft, botId: record.botId, name: record.name });
    setOrigin(record.fromLibrary ? { id: record.libraryId ?? "", name: record.libraryId ?? "library" } : null);
    setLoaded(true);
  }, [existing.result, editId, loaded]);

  useEffect(() => {
    const t = library.query.data?.data.data;
    if (!t || loaded) return;
    applyLibrary(t);
    setLoaded(true);
  }, [library.query.data, loaded]); // eslint-disable-line react-hooks/exhaustive-deps -- see above

  // A new template names the account's first bot until the person picks another.
  useEffect(() => {
    if (!draft.botId && botList.length && !editId) setDraft((d) => ({ ...d, botId: botList[0]._id }));
  }, [botList, draft.botId, editId]);

  const errors = useMemo(() => checkRcsTemplate(draft), [draft]);
  const shown = useMemo(() => visibleErrors(errors, submitted), [errors, submitted]);

  const { mutateAsync: create, mutation: createState } = useCreate();
  const { mutateAsync: update, mutation: updateState } = useUpdate();

  const update_ = (patch: Partial<RcsTemplateDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const cards = {
    set: (i: number, card: RcsCard) =>
      setDraft((d) => ({
        ...d,
        carouselList: d.carouselList.map((c, j) => (j === i ? { ...card, order: c.order } : c)),
      })),
    add: () => {
      setDraft((d) => ({ ...d, carouselList: renumber([...d.carouselList, emptyCard()]) }));
      setKeys((k) => [...k, newKey()]);
    },
    remove: (i: number) => {
      setDraft((d) => ({ ...d, carouselList: renumber(d.carouselList.filter((_, j) => j !== i)) }));
      setKeys((k) => k.filter((_, j) => j !== i));
    },
    move: (from: number, to: number) => {
      setDraft((d) => ({ ...d, carouselList: renumber(arrayMove(d.carouselList, from, to)) }));
      setKeys((k) => arrayMove(k, from, to));
    },
  };

  const save = async () => {
    setSubmitted(true);
    setServerError(null);
    if (errors.length) return;
    const values = { ...draft, fromLibrary: Boolean(origin), ...(origin ? { libraryId: origin.id } : {}) };
    try {
      if (editId) {
        await update({
          resource: "rcs-templates",
          id: editId,
          values,
          successNotification: { type: "success", message: `Template "${draft.name}" updated` },
          errorNotification: false,
        });
      } else {
        await create({
          resource: "rcs-templates",
          values,
          successNotification: { type: "success", message: `Template "${draft.name}" saved` },
          errorNotification: false,
        });
      }
      navigate("..", { relative: "path" });
    } catch (err) {
      // Template create and update show the server's message field (SPEC 8).
      setServerError((err as HttpError | undefined)?.message || MSG.createTemplate);
    }
  };

  return {
    editId,
    draft,
    keys,
    update: update_,
    cards,
    bots: botList,
    botsLoading: bots.query.isLoading,
    loading: (Boolean(editId) && existing.query.isLoading) || (Boolean(fromLibraryId) && library.query.isLoading),
    origin,
    applyLibrary,
    clearLibrary: () => setOrigin(null),
    errors,
    shown,
    submitted,
    serverError,
    save,
    saving: createState.isPending || updateState.isPending,
  };
}

export type RcsBuilderModel = ReturnType<typeof useRcsBuilder>;
