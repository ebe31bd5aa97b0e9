import { eq } from "drizzle-orm";
import type { BusinessProfile } from "../../../contract/calls";
import type { SchemaBody } from "../../../schemas";
import type { Db } from "../../db/client";
import { wabaPhoneNumbers, type StoredBusinessProfile } from "../../db/schema";
import type { Caller } from "../caller";
import { badRequest, notFound } from "../../http/errors";
import { phonesOf, type OwnedPhone } from "./wabas";

export const NO_NUMBER = "No WhatsApp phone number is connected";

/**
 * The phone number a profile call is about. Others than an admin reach only their own account's numbers (another
 * account's answers 404, like one that does not exist); without an id, their first. An admin has no numbers of
 * its own, so it names one.
 */
async function target(db: Db, caller: Caller, phoneNumberId: string | undefined): Promise<OwnedPhone> {
  if (caller.role === "admin") {
    if (!phoneNumberId)
      throw badRequest("phone_number_id: is required", [{ field: "phone_number_id", message: "is required" }]);
    const [phone] = await phonesOf(db, { phoneNumberIds: [phoneNumberId] });
    if (!phone) throw notFound();
    return phone;
  }
  const own = await phonesOf(db, { ownerId: caller.id });
  const phone = phoneNumberId ? own.find((p) => p.row.phoneNumberId === phoneNumberId) : own[0];
  if (!phone) throw notFound(phoneNumberId ? undefined : NO_NUMBER);
  return phone;
}

const isUrl = (value: string) => /^https?:\/\//.test(value);

function present(phone: OwnedPhone["row"]): BusinessProfile {
  const p: StoredBusinessProfile = phone.businessProfile;
  const handle = p.profile_picture_handle ?? "";
  return {
    phone_number_id: phone.phoneNumberId,
    display_phone_number: phone.displayPhoneNumber,
    about: p.about ?? "",
    address: p.address ?? "",
    description: p.description ?? "",
    email: p.email ?? "",
    websites: p.websites ?? [],
    vertical: p.vertical ?? "UNDEFINED",
    profile_picture_handle: handle,
    profile_picture_url: isUrl(handle) ? handle : "",
  };
}

export async function getBusinessProfile(
  db: Db,
  caller: Caller,
  phoneNumberId: string | undefined,
): Promise<BusinessProfile> {
  return present((await target(db, caller, phoneNumberId)).row);
}

/** Fields sent replace the stored ones (an empty string clears); fields left out stay. */
export async function setBusinessProfile(
  db: Db,
  caller: Caller,
  body: SchemaBody<"whatsapp-business-profile">,
): Promise<BusinessProfile> {
  const { phone_number_id: phoneNumberId, ...change } = body;
  const phone = await target(db, caller, phoneNumberId);
  const next: StoredBusinessProfile = { ...phone.row.businessProfile, ...change };
  if (change.websites) next.websites = change.websites.filter((w) => w.length > 0);
  const [row] = await db
    .update(wabaPhoneNumbers)
    .set({ businessProfile: next })
    .where(eq(wabaPhoneNumbers.id, phone.row.id))
    .returning();
  return present(row);
}
