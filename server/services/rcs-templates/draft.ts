import type { SchemaBody } from "../../../schemas";
import {
  checkRcsTemplate,
  emptyCard,
  emptyRcsDraft,
  orderedCards,
  type RcsCard,
  type RcsTemplateDraft,
} from "../../../contract/domain/rcs";
import { badRequest, joinFieldErrors } from "../../http/errors";

export type RcsTemplateBody = SchemaBody<"rcs-template">;
type CardBody = NonNullable<RcsTemplateBody["standAlone"]>;

const toCard = (c: CardBody | undefined): RcsCard => ({ ...emptyCard(), ...c, suggestions: c?.suggestions ?? [] });

/**
 * The draft as stored: every field present (defaults from an empty draft), names trimmed, carousel cards in their
 * display order. Parts of other types are kept as sent, so switching type back in the builder loses nothing.
 */
export function toDraft(body: RcsTemplateBody): RcsTemplateDraft {
  const empty = emptyRcsDraft(body.botId);
  return {
    ...empty,
    ...body,
    name: body.name.trim(),
    suggestions: body.suggestions ?? [],
    standAlone: toCard(body.standAlone),
    carouselList: body.carouselList
      ? orderedCards(body.carouselList.map((c) => ({ ...toCard(c), order: c.order })))
      : empty.carouselList,
  };
}

/** Refuses a draft that breaks an RBM rule: 400 with one field message per broken rule. */
export function assertValidDraft(draft: RcsTemplateDraft): void {
  const errors = checkRcsTemplate(draft);
  if (errors.length) throw badRequest(joinFieldErrors(errors), errors);
}
