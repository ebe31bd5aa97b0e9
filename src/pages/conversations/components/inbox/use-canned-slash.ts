import { useEffect, useState, type KeyboardEvent, type RefObject } from "react";
import type { CallReply } from "../../../../../contract";
import { useChatCall } from "./calls";
import { fuzzyFilter, slashQuery } from "./fuzzy";

export type RenderedCanned = CallReply<"chats.cannedRender">["data"][number];
type Rule = CallReply<"chats.cannedRender">["rule"];

/**
 * `/code` in the reply box: the `/word` before the caret opens the account's canned responses (rendered by the server
 * for this conversation, once per conversation), searched fuzzily; arrows move, Enter or Tab inserts the filled text in
 * place of the `/word`, Esc closes until the word changes. A response the server could not fill says why instead.
 */
export function useCannedSlash(props: {
  conversationId: string;
  text: string;
  setText: (text: string) => void;
  input: RefObject<HTMLTextAreaElement | null>;
  onError: (message: string) => void;
  /** After a response is inserted (on a DLT route the composer sends it as its template). */
  onPicked?: (item: RenderedCanned) => void;
}) {
  const call = useChatCall();
  const [caret, setCaret] = useState(0);
  const [loaded, setLoaded] = useState<{ id: string; items: RenderedCanned[]; rule: Rule } | null>(null);
  const [loading, setLoading] = useState(false);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const slash = slashQuery(props.text, caret);
  const key = slash ? `${slash.start}:${slash.query}` : null;
  const open = slash !== null && dismissed !== key;
  const items = loaded?.id === props.conversationId ? fuzzyFilter(loaded.items, slash?.query ?? "") : [];

  useEffect(() => {
    if (!open || loading || loaded?.id === props.conversationId) return;
    setLoading(true);
    call("chats.cannedRender", { params: { id: props.conversationId } })
      .then(
        (r) => setLoaded({ id: props.conversationId, items: r.data, rule: r.rule }),
        (e: unknown) => {
          // Not asked again for this conversation: the reason is shown once, typing goes on.
          setLoaded({ id: props.conversationId, items: [], rule: null });
          props.onError(e instanceof Error ? e.message : String(e));
        },
      )
      .finally(() => setLoading(false));
  }, [open, loading, loaded, call, props]);
  useEffect(() => setActive(0), [key]);

  const pick = (item: RenderedCanned | undefined) => {
    if (!item || !slash) return;
    if (item.text === null) {
      props.onError(`/${item.code}: ${item.error ?? "cannot be used here"}`);
      return;
    }
    const next = props.text.slice(0, slash.start) + item.text + props.text.slice(caret);
    const at = slash.start + item.text.length;
    props.setText(next);
    props.onPicked?.(item);
    setCaret(at);
    requestAnimationFrame(() => {
      props.input.current?.focus();
      props.input.current?.setSelectionRange(at, at);
    });
  };

  return {
    open,
    query: slash?.query ?? "",
    items,
    active: Math.min(active, Math.max(0, items.length - 1)),
    loading: loading || (open && loaded?.id !== props.conversationId),
    rule: loaded?.id === props.conversationId ? loaded.rule : null,
    setActive,
    pick,
    /** The caret after each change, click or key (the `/word` is the text before it). */
    track: (el: HTMLTextAreaElement) => setCaret(el.selectionStart ?? el.value.length),
    /** Opens the list as if `/` was typed at the caret (the `c` key). */
    start: () => {
      const el = props.input.current;
      if (!el || el.disabled) return false;
      const at = el.selectionStart ?? props.text.length;
      const before = props.text.slice(0, at);
      const insert = before === "" || /\s$/.test(before) ? "/" : " /";
      props.setText(before + insert + props.text.slice(at));
      setCaret(at + insert.length);
      setDismissed(null);
      requestAnimationFrame(() => {
        el.focus();
        el.setSelectionRange(at + insert.length, at + insert.length);
      });
      return true;
    },
    /** Arrow keys, Enter/Tab and Esc while the list is open; true when the key was the list's. */
    onKeyDown: (e: KeyboardEvent<HTMLTextAreaElement>): boolean => {
      if (!open) return false;
      if (e.key === "Escape") setDismissed(key);
      else if (e.key === "ArrowDown" && !e.altKey) setActive((i) => (items.length ? (i + 1) % items.length : 0));
      else if (e.key === "ArrowUp" && !e.altKey)
        setActive((i) => (items.length ? (i - 1 + items.length) % items.length : 0));
      else if ((e.key === "Enter" || e.key === "Tab") && !e.shiftKey && items.length) pick(items[active]);
      else return false;
      e.preventDefault();
      e.stopPropagation();
      return true;
    },
  };
}
