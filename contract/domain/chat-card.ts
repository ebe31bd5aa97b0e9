// The customer's card and timeline in the inbox's details panel (issue 40 item 7), for both ends.

/** What a timeline line is: a campaign's message, a public-API message, or a conversation's message or note. */
export const TIMELINE_KINDS = ["campaign", "api", "chat"] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];
export const TIMELINE_LIMIT_DEFAULT = 20;
export const TIMELINE_LIMIT_MAX = 50;
