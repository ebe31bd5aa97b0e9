import {
  CONVERSION_CURRENCIES,
  CONVERSION_EXTERNAL_ID_MAX,
  CONVERSION_KINDS,
  CONVERSION_VALUE_PATTERN,
} from "../contract/domain/conversions";
import { LINK_CODE_LENGTH } from "../contract/domain/links";

// A conversion a business's system reports (issue 41, item 2): the click code or the number finds the message, the
// externalId makes a retry harmless. The value is rupees as a decimal string so no float ever touches money.
export const publicConversion = {
  title: "Report a conversion",
  type: "object",
  additionalProperties: false,
  required: ["kind", "externalId"],
  properties: {
    code: {
      type: "string",
      title: "Click code",
      description: "The code of the short link the customer opened (the part after /l/)",
      minLength: LINK_CODE_LENGTH,
      maxLength: LINK_CODE_LENGTH,
      pattern: "^[0-9A-Za-z]+$",
    },
    number: {
      type: "string",
      title: "Number",
      description: "The customer's number in E.164, used when there is no click code",
      pattern: "^\\+[1-9][0-9]{6,14}$",
    },
    kind: { type: "string", title: "Kind", enum: [...CONVERSION_KINDS] },
    value: {
      type: "string",
      title: "Value",
      description: 'In rupees, as a decimal string ("1499.50")',
      pattern: CONVERSION_VALUE_PATTERN,
    },
    currency: { type: "string", title: "Currency", enum: [...CONVERSION_CURRENCIES], default: "INR" },
    occurredAt: {
      type: "string",
      title: "Occurred at",
      description: "When it happened (ISO 8601); the time of the request when left out",
      format: "date-time",
    },
    externalId: {
      type: "string",
      title: "External id",
      description: "Your id of the order or lead: the same id again answers the first result and records nothing",
      minLength: 1,
      maxLength: CONVERSION_EXTERNAL_ID_MAX,
      pattern: "^[\\x21-\\x7e]+$",
    },
  },
} as const;
