import type { RcsTemplateDraft } from "./rcs";

// The template library's vocabulary (SPEC 4: choosing a library template fills the builder and sets the
// from-library flag). The templates themselves are data served by the template-library call.

export const LIBRARY_CHANNELS = ["rcs", "sms", "whatsapp"] as const;
export type LibraryChannel = (typeof LIBRARY_CHANNELS)[number];
export const LIBRARY_INDUSTRIES = ["retail", "banking", "travel", "healthcare", "education", "logistics"] as const;
export type LibraryIndustry = (typeof LIBRARY_INDUSTRIES)[number];

/** The RCS part a library template fills in; bot and name stay the person's to choose. */
export type LibraryRcsContent = Omit<RcsTemplateDraft, "botId" | "name">;

export interface LibraryTemplate {
  id: string;
  channel: LibraryChannel;
  industry: LibraryIndustry;
  name: string;
  description: string;
  /** SMS and WhatsApp: the message body with their variables ({#var#} for SMS DLT, {{1}} for WhatsApp). */
  body?: string;
  rcs?: LibraryRcsContent;
}

/** The `from` query value the SMS and WhatsApp creation pages may read to start from a library template. */
export const libraryRef = (id: string): string => `library:${id}`;
export const libraryIdOf = (from: string | null | undefined): string | null =>
  from?.startsWith("library:") ? from.slice("library:".length) : null;
