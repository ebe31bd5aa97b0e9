import type { CustomValidator } from "@rjsf/utils";
import { checkRcsBotFields, type RcsBotCheckedFields } from "../../../contract/domain/rcs-bot-checks";
import type { FormValues } from "../common/schema-form";

// Apart from bot-schemas.ts: form-schemas.ts (loaded by every form) imports the schemas, and the phone library
// must stay in the bot drawer's chunk.

/** The contract's phone and URL checks, explained beside each field while the form is filled. */
export const validateBot: CustomValidator<FormValues> = (formData, errors) => {
  const checked = Object.fromEntries(
    Object.entries(formData ?? {}).filter(([, v]) => typeof v === "string" && v !== ""),
  ) as RcsBotCheckedFields;
  for (const p of checkRcsBotFields(checked)) {
    (errors as unknown as Record<string, { addError: (m: string) => void }>)[p.field]?.addError(p.message);
  }
  return errors;
};
