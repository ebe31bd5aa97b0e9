/**
 * Fields that several body schemas share, written once. Each schema file places them under its own properties, so the
 * objects it exports (and the forms, validators and types made from them) are the same as when each spelled them out.
 */
export const COMPANY = {
  type: "string",
  title: "Company",
  maxLength: 120,
  pattern: "^[^\\u0000]*$",
} as const;

export const EMAIL = {
  type: "string",
  title: "Email",
  format: "email",
  maxLength: 254,
} as const;

export const FULL_NAME = {
  type: "string",
  title: "Full name",
  maxLength: 120,
  pattern: "^[^\\u0000]*$",
} as const;

export const NEW_PASSWORD = {
  type: "string",
  title: "New password",
  minLength: 8,
  maxLength: 200,
  pattern: "^[^\\u0000]*$",
} as const;

export const PASSWORD = {
  type: "string",
  title: "Password",
  minLength: 8,
  maxLength: 200,
  pattern: "^[^\\u0000]*$",
} as const;

export const PHONE = {
  type: "string",
  title: "Phone",
  maxLength: 20,
  pattern: "^$|^\\+?[0-9 ()-]{6,20}$",
} as const;

/** An IANA zone name; the server also checks it is one the runtime knows (contract/domain/time-zone.ts). */
export const TIME_ZONE = {
  type: "string",
  title: "Time zone",
  minLength: 1,
  maxLength: 64,
  pattern: "^[A-Za-z_]+(/[A-Za-z0-9_+-]+)*$",
} as const;

export const USER_ID = {
  type: "string",
  title: "User",
  minLength: 1,
  maxLength: 64,
  pattern: "^[^\\u0000]*$",
} as const;

export const USERNAME = {
  type: "string",
  title: "Username",
  minLength: 3,
  maxLength: 40,
  pattern: "^[A-Za-z0-9_.-]+$",
} as const;

/** The channel a stored media file is for (uploads). */
export const MEDIA_CHANNEL = {
  type: "string",
  title: "Channel",
  enum: ["whatsapp", "rcs"],
} as const;

/** The WABA a media upload is for (the WhatsApp media calls). */
export const MEDIA_WABA_ID = {
  type: "string",
  title: "WhatsApp Business Account",
  minLength: 1,
  maxLength: 64,
  pattern: "^[^\\u0000]*$",
} as const;
