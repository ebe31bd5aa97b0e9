// Customer satisfaction surveys on resolve (issue 40 item 6): which survey a channel's rules allow, and how a
// customer's answer reads as a score, written once for the server (the send on resolve, the inbound capture) and the
// console (the settings, the figures). Sent by server/services/chats/csat.ts, answers taken by csat-answers.ts.
//
// Decisions:
// - WhatsApp inside the 24-hour window: an interactive "button" message. Meta allows at most 3 reply buttons, each
//   title at most 20 characters and id at most 256 ("Interactive reply buttons messages", WhatsApp Business
//   Platform). A 1-5 list message would need two taps (open the list, pick a row); one tap answers more, so three
//   buttons, Poor / Okay / Great, scored 1 / 3 / 5 on the same 1-5 scale as the other channels.
// - WhatsApp outside the window: free-form messages are refused there, so only an approved template the account names
//   (its buttons' payloads or the customer's digit answer it); without one, no survey, and the activity log says why.
// - RCS: a text with five suggested replies, 1 to 5, posting back `csat:<n>`.
// - SMS: "reply 1-5" text. On an Indian DLT route every SMS must be a registered template, so only the DLT template
//   the account names; without one, no survey.
// - An answer counts within CSAT_ANSWER_HOURS of the survey, once; it is stored per conversation and agent, and it is
//   not a message waiting for an agent (it does not reopen the conversation or count as unread).

export const CSAT_ANSWER_HOURS = 24;
export const CSAT_QUESTION_DEFAULT = "How did we do? Your answer helps us improve.";
export const CSAT_QUESTION_MAX = 1024;
/** WhatsApp's reply buttons: at most 3, titles of at most 20 characters; ids carry the score. */
export const CSAT_WHATSAPP_BUTTONS = [
  { id: "csat:1", title: "Poor", score: 1 },
  { id: "csat:3", title: "Okay", score: 3 },
  { id: "csat:5", title: "Great", score: 5 },
] as const;
export const CSAT_RCS_REPLIES = [1, 2, 3, 4, 5].map((n) => ({ text: String(n), postbackData: `csat:${n}` }));
/**
 * What the customer can tap under a survey on its channel, as the provider delivers the tap: the chip's text or the
 * button's title, and its postbackData or button id (the simulated phone draws these). A template survey's buttons are
 * the template's own, and SMS has none: the customer types.
 */
export function csatTaps(channel: string, messageType: string): { text: string; payload: string }[] {
  if (channel === "rcs") return CSAT_RCS_REPLIES.map((r) => ({ text: r.text, payload: r.postbackData }));
  if (channel === "whatsapp" && messageType !== "template")
    return CSAT_WHATSAPP_BUTTONS.map((b) => ({ text: b.title, payload: b.id }));
  return [];
}
export const CSAT_SMS_SUFFIX = "Reply with a number from 1 (poor) to 5 (great).";

export type CsatChannel = "whatsapp" | "rcs" | "sms";

export interface CsatSituation {
  channel: CsatChannel;
  /** WhatsApp: the customer wrote within the last 24 hours. */
  windowOpen: boolean;
  /** The approved WhatsApp template the account names for surveys outside the window. */
  whatsappTemplate: string | null;
  /** The SMS number answers through an Indian DLT route (templates only). */
  dltRoute: boolean;
  /** The registered DLT template the account names for SMS surveys. */
  smsDltTemplateId: string | null;
}

export type CsatPlan =
  | { send: "buttons" }
  | { send: "template"; templateName: string }
  | { send: "suggestions" }
  | { send: "text" }
  | { send: "dlt-template"; dltTemplateId: string }
  | { send: "none"; reason: string };

export const CSAT_NOT_SENT = {
  windowClosed: "Survey not sent: the customer last wrote more than 24 hours ago and no survey template is chosen",
  dltRoute: "Survey not sent: this SMS number is on a DLT route and no registered survey template is chosen",
} as const;

/**
 * The CSAT settings and DLT routes: an id none of the account's SMS templates has is refused; no id while an SMS number
 * is on a DLT route saves (WhatsApp and RCS surveys do not need it) with a warning per such number.
 */
export const CSAT_DLT_MESSAGES = {
  noSurvey: (address: string) =>
    `SMS conversations on ${address} will get no survey until you choose a registered DLT template`,
  unknown: (id: string) =>
    `No SMS template of yours is registered with DLT template ID ${id}: add the survey's template under SMS templates first, with the ID DLT gave it.`,
} as const;

/** Which survey a resolve may send on the conversation's channel, by the providers' rules. */
export function csatPlan(s: CsatSituation): CsatPlan {
  switch (s.channel) {
    case "whatsapp":
      if (s.windowOpen) return { send: "buttons" };
      return s.whatsappTemplate
        ? { send: "template", templateName: s.whatsappTemplate }
        : { send: "none", reason: CSAT_NOT_SENT.windowClosed };
    case "rcs":
      return { send: "suggestions" };
    case "sms":
      if (!s.dltRoute) return { send: "text" };
      return s.smsDltTemplateId
        ? { send: "dlt-template", dltTemplateId: s.smsDltTemplateId }
        : { send: "none", reason: CSAT_NOT_SENT.dltRoute };
  }
}

/**
 * The score an inbound answer gives, or null when it is not an answer (then it is an ordinary message): a button's id
 * or title, a suggestion's postback, or a lone digit 1-5 (with spaces, a full stop or "stars" around it).
 */
export function csatAnswer(text: string, payload?: string | null): number | null {
  for (const raw of [payload ?? "", text]) {
    const v = raw.trim();
    const coded = /^csat:([1-5])$/.exec(v);
    if (coded) return Number(coded[1]);
    const button = CSAT_WHATSAPP_BUTTONS.find((b) => b.title.toLowerCase() === v.toLowerCase());
    if (button) return button.score;
    const digit = /^([1-5])\s*(?:stars?|\/\s*5)?\s*[.!]?$/i.exec(v);
    if (digit) return Number(digit[1]);
  }
  return null;
}

/** CSAT as reports show it: the mean score (1 decimal), responses, and the share of 4s and 5s (whole per cent). */
export function csatSummary(scores: readonly number[]): {
  average: number | null;
  responses: number;
  satisfied: number | null;
} {
  if (scores.length === 0) return { average: null, responses: 0, satisfied: null };
  const sum = scores.reduce((a, b) => a + b, 0);
  return {
    average: Math.round((sum / scores.length) * 10) / 10,
    responses: scores.length,
    satisfied: Math.round((scores.filter((s) => s >= 4).length / scores.length) * 100),
  };
}

// ---- The survey and its answer in the thread ----
// The survey sent is a message from the business in the conversation (so the agent and the timeline see what was
// asked), its answer a message from the customer; both are told apart by their client ids (unique per conversation),
// which the thread shows as "Satisfaction survey" and "Rated n of 5", and which the reply counts of the reports skip.

const SURVEY_PREFIX = "csat:";
const ANSWER_PREFIX = "csat-answer:";

export const csatSurveyClientId = (surveyId: string) => `${SURVEY_PREFIX}${surveyId}`;
export const csatAnswerClientId = (surveyId: string, score: number) => `${ANSWER_PREFIX}${score}:${surveyId}`;

/** What a thread message of a survey is, from its client id; null for any other message. */
export function csatMessageOf(clientId: string | null | undefined): { survey: true } | { score: number } | null {
  if (!clientId) return null;
  if (clientId.startsWith(ANSWER_PREFIX)) {
    const score = Number(clientId.slice(ANSWER_PREFIX.length).split(":")[0]);
    return Number.isInteger(score) && score >= 1 && score <= 5 ? { score } : null;
  }
  return clientId.startsWith(SURVEY_PREFIX) ? { survey: true } : null;
}

/** The survey's text in the thread: the question and the choices the customer was offered. */
export function csatSurveyText(send: CsatPlan["send"], question: string, templateName?: string): string {
  switch (send) {
    case "buttons":
      return `${question}\n[${CSAT_WHATSAPP_BUTTONS.map((b) => b.title).join("] [")}]`;
    case "suggestions":
      return `${question}\n[${CSAT_RCS_REPLIES.map((r) => r.text).join("] [")}]`;
    case "template":
      return `Survey template ${templateName ?? ""}`.trim();
    default:
      return `${question} ${CSAT_SMS_SUFFIX}`;
  }
}
