import { emptyRcsDraft } from "../../contract/domain/rcs";
import type { WaComponent } from "../../contract/domain/whatsapp-template";
import type { Db } from "../db/client";
import {
  rcsBots,
  rcsTemplates,
  smsAccounts,
  smsTemplates,
  wabaPhoneNumbers,
  wabas,
  whatsappTemplates,
} from "../db/schema";

/** One sender and one one-placeholder template per channel, owned by `userId`: what the create calls need. */
export interface ChannelFixtures {
  botId: string;
  rcsTemplateId: string;
  smsAccountId: string;
  smsTemplateId: string;
  /** An SMS account with no DLT entity id (not a DLT route: any valid number, any variable length) and its template. */
  plainSmsAccountId: string;
  plainSmsTemplateId: string;
  wabaId: string;
  phoneNumberId: string;
  waTemplateId: string;
}

export async function channelFixtures(db: Db, userId: string, tag: string): Promise<ChannelFixtures> {
  const [bot] = await db
    .insert(rcsBots)
    .values({ userId, name: `Bot ${tag}` })
    .returning();
  const draft = {
    ...emptyRcsDraft(bot.id),
    name: `rcs_${tag}`,
    textMessageContent: "Hello {{name}}, your order is ready",
  };
  const [rcs] = await db
    .insert(rcsTemplates)
    .values({ userId, botId: bot.id, name: draft.name, type: "text", draft })
    .returning();
  const [account] = await db
    .insert(smsAccounts)
    .values({
      userId,
      name: `SMS ${tag}`,
      provider: "Sandbox",
      isActive: true,
      dltEntityId: "1201159100000000999",
      senderIds: ["TESTHD"],
    })
    .returning();
  const [sms] = await db
    .insert(smsTemplates)
    .values({
      smsAccountId: account.id,
      createdBy: userId,
      name: `sms ${tag}`,
      body: "Dear {#var#}, your code is ready.",
      category: "transactional",
      senderId: "TESTHD",
      dltTemplateId: "1107160000000000999",
    })
    .returning();
  const [plain] = await db
    .insert(smsAccounts)
    .values({ userId, name: `SMS plain ${tag}`, provider: "Sandbox", isActive: true, senderIds: ["PLAINH"] })
    .returning();
  const [plainSms] = await db
    .insert(smsTemplates)
    .values({
      smsAccountId: plain.id,
      createdBy: userId,
      name: `sms plain ${tag}`,
      body: "Dear {#var#}, your code is ready.",
      category: "transactional",
      senderId: "PLAINH",
      dltTemplateId: "1107160000000000998",
    })
    .returning();
  const wabaId = `waba-fixture-${tag}`;
  const [waba] = await db
    .insert(wabas)
    .values({ userId, wabaId, name: `WABA ${tag}` })
    .returning();
  const phoneNumberId = `phone-${tag}`;
  await db
    .insert(wabaPhoneNumbers)
    .values({ wabaId: waba.id, phoneNumberId, displayPhoneNumber: "+91 98765 00000", verifiedName: `Biz ${tag}` });
  const [wa] = await db
    .insert(whatsappTemplates)
    .values({
      userId,
      wabaId,
      name: `wa_${tag}`,
      language: "en_US",
      category: "UTILITY",
      requestedCategory: "UTILITY",
      status: "APPROVED",
      providerTemplateId: `sbx-${tag}`,
      submittedAt: new Date(),
      components: [{ type: "BODY", text: "Hi {{1}}, thanks.", example: { body_text: [["Asha"]] } } as WaComponent],
    })
    .returning();
  return {
    botId: bot.id,
    rcsTemplateId: rcs.id,
    smsAccountId: account.id,
    smsTemplateId: sms.id,
    plainSmsAccountId: plain.id,
    plainSmsTemplateId: plainSms.id,
    wabaId,
    phoneNumberId,
    waTemplateId: wa.id,
  };
}
