// Our message contents as RBM's AgentContentMessage: text with suggestions, a standalone rich card, a carousel, a
// file. Field names are RBM's (phones.agentMessages reference); a template draft (SPEC 3) was checked against RBM's
// limits when it was saved (contract/domain/rcs.ts), so it is mapped here, not checked again.
import type { RcsCard, RcsSuggestion, RcsTemplateDraft } from "../../../contract/domain/rcs";
import type { MessageContent, RcsUseCase } from "../carrier";

export type RbmSuggestion = Record<string, unknown>;

/** A reply chip posts back its data; every other type is an action with the postback data RBM requires too. */
export function suggestionOf(s: RcsSuggestion): RbmSuggestion {
  const postbackData = s.postbackData || s.text;
  switch (s.type) {
    case "reply":
      return { reply: { text: s.text, postbackData } };
    case "url":
      return { action: { text: s.text, postbackData, openUrlAction: { url: s.url ?? "" } } };
    case "dial":
      return { action: { text: s.text, postbackData, dialAction: { phoneNumber: s.phoneNumber ?? "" } } };
    case "location":
      return {
        action: {
          text: s.text,
          postbackData,
          viewLocationAction: s.query
            ? { query: s.query }
            : { latLong: { latitude: s.latitude ?? 0, longitude: s.longitude ?? 0 }, label: s.title ?? s.text },
        },
      };
    case "calendar":
      return {
        action: {
          text: s.text,
          postbackData,
          createCalendarEventAction: {
            startTime: s.startTime,
            endTime: s.endTime,
            title: s.title ?? s.text,
            description: s.description ?? "",
          },
        },
      };
  }
}

/** A media reference: an uploaded RBM file ("files/…", from uploadMedia) or a public URL RBM fetches. */
const mediaOf = (url: string) =>
  url.startsWith("files/")
    ? { uploadedRbmFile: { fileName: url } }
    : { contentInfo: { fileUrl: url, forceRefresh: false } };

function cardContentOf(card: RcsCard, height: RcsTemplateDraft["height"]): Record<string, unknown> {
  return {
    ...(card.cardTitle ? { title: card.cardTitle } : {}),
    ...(card.cardDescription ? { description: card.cardDescription } : {}),
    ...(card.mediaUrl
      ? {
          media: {
            height,
            ...(card.mediaUrl.startsWith("files/")
              ? { fileName: card.mediaUrl }
              : { contentInfo: { fileUrl: card.mediaUrl, forceRefresh: false } }),
          },
        }
      : {}),
    ...(card.suggestions.length ? { suggestions: card.suggestions.map(suggestionOf) } : {}),
  };
}

export function draftMessage(draft: RcsTemplateDraft): Record<string, unknown> {
  const suggestions = draft.suggestions?.length ? { suggestions: draft.suggestions.map(suggestionOf) } : {};
  if (draft.type === "standalone") {
    return {
      richCard: {
        standaloneCard: {
          cardOrientation: draft.orientation,
          ...(draft.orientation === "HORIZONTAL" ? { thumbnailImageAlignment: draft.alignment } : {}),
          cardContent: cardContentOf(draft.standAlone, draft.height),
        },
      },
      ...suggestions,
    };
  }
  if (draft.type === "carousel") {
    const cards = [...draft.carouselList].sort((a, b) => a.order - b.order);
    return {
      richCard: {
        carouselCard: { cardWidth: draft.width, cardContents: cards.map((c) => cardContentOf(c, draft.height)) },
      },
      ...suggestions,
    };
  }
  return { text: draft.textMessageContent, ...suggestions };
}

/** The AgentContentMessage of a content, or why RCS cannot carry it. */
export function contentMessageOf(content: MessageContent): Record<string, unknown> | string {
  switch (content.kind) {
    case "text":
      return { text: content.text };
    case "rcs":
      return draftMessage(content.draft as RcsTemplateDraft);
    case "media":
      // A caption cannot ride with a file in RBM: it would be a second message; the file goes alone.
      return mediaOf(content.mediaUrl);
    default:
      return `RCS does not carry a WhatsApp ${content.kind} message`;
  }
}

/**
 * RBM's messageTrafficType for a message of a bot with this use case: a bot registered for one use case sends only
 * that traffic. A multi-use bot's rich messages (templates: campaigns, the API) count as promotions and its plain
 * texts (chat answers) as service requests.
 */
export function trafficTypeOf(useCase: RcsUseCase, content: MessageContent): string {
  switch (useCase) {
    case "OTP":
      return "AUTHENTICATION";
    case "TRANSACTIONAL":
      return "TRANSACTION";
    case "PROMOTIONAL":
      return "PROMOTION";
    case "MULTI_USE":
      return content.kind === "rcs" ? "PROMOTION" : "SERVICEREQUEST";
  }
}
