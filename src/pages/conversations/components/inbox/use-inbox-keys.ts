import { useEffect, useRef } from "react";
import { inboxActionOf, type InboxAction } from "./inbox-keys";

/** What the composer is asked to do by a key (it listens: its mode and text stay its own). */
export type ComposerCommand = "reply" | "toggleNote" | "canned";
export const COMPOSER_COMMAND_EVENT = "inbox-composer-command";

export const commandComposer = (command: ComposerCommand) =>
  window.dispatchEvent(new CustomEvent<ComposerCommand>(COMPOSER_COMMAND_EVENT, { detail: command }));

/** Hears the composer's commands. */
export function useComposerCommands(on: (command: ComposerCommand) => void) {
  const handler = useRef(on);
  handler.current = on;
  useEffect(() => {
    const listen = (e: Event) => handler.current((e as CustomEvent<ComposerCommand>).detail);
    window.addEventListener(COMPOSER_COMMAND_EVENT, listen);
    return () => window.removeEventListener(COMPOSER_COMMAND_EVENT, listen);
  }, []);
}

/**
 * The inbox's keys (inbox-keys.ts) on the window: each action handed to `run`, which says whether it did something (the
 * key's default is then kept from the page). Arrows inside the message list scroll it, as before.
 */
export function useInboxKeys(run: (action: InboxAction) => boolean) {
  const handler = useRef(run);
  handler.current = run;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // A dialog over the inbox (this sheet, a label picker) has its own keys.
      if (e.defaultPrevented || (e.target instanceof Element && e.target.closest("[role=dialog]"))) return;
      const action = inboxActionOf(e);
      if (!action) return;
      const arrow = e.key === "ArrowDown" || e.key === "ArrowUp";
      if (arrow && !e.altKey && e.target instanceof HTMLElement && e.target.closest("[data-virtuoso-scroller]")) return;
      if (handler.current(action)) e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
