import type { Db } from "./db/client";
import { channelIntegrations, rcsBots } from "./db/schema";

const DAY_MS = 86_400_000;

/**
 * Demo channel data: channel flags for the workspace accounts, and an RCS bot
 * each for the manager and the user (the RCS template builder needs a bot to pick). No logo or banner: the
 * console draws them from the name and brand colour until one is uploaded. The bots were "registered" two
 * days ago, so every carrier has decided by now (the sandbox's verdicts follow from the provider id and that time).
 */
export async function seedChannelsDemo(db: Db, ids: ReadonlyMap<string, string>): Promise<void> {
  const id = (username: string) => ids.get(username) as string;
  await db.insert(channelIntegrations).values([
    { userId: id("manager"), whatsapp: true, rcs: true, sms: true },
    { userId: id("user"), rcs: true, sms: true },
  ]);
  const registeredAt = new Date(Date.now() - 2 * DAY_MS);
  const common = {
    phone: "+919876543210",
    website: "https://acme-retail.example.com",
    privacyUrl: "https://acme-retail.example.com/privacy",
    termsUrl: "https://acme-retail.example.com/terms",
    registeredAt,
  };
  await db.insert(rcsBots).values([
    {
      ...common,
      userId: id("manager"),
      name: "Acme Retail",
      description: "Order updates and offers from Acme Retail",
      useCase: "MULTI_USE",
      brandColor: "#E4572E",
      providerBotId: "sandbox-rbm-demo-acme-retail",
    },
    {
      ...common,
      userId: id("user"),
      name: "Acme Alerts",
      description: "Delivery alerts from Acme Retail",
      useCase: "TRANSACTIONAL",
      brandColor: "#1A73E8",
      providerBotId: "sandbox-rbm-demo-acme-alerts",
    },
  ]);
}
