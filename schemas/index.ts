import type { SchemaStatic } from "./static";
import { balanceChange } from "./balance-change";
import { balanceRequest } from "./balance-request";
import { balanceRequestReject } from "./balance-request-reject";
import { botStatus } from "./bot-status";
import { campaignCreateRcs } from "./campaign-create-rcs";
import { carrierChannelUpdate } from "./carrier-channel-update";
import { campaignCreateSms } from "./campaign-create-sms";
import { campaignCreateWhatsapp } from "./campaign-create-whatsapp";
import { campaignSchedule } from "./campaign-schedule";
import { campaignTestSend } from "./campaign-test-send";
import { chatAssign } from "./chat-assign";
import { chatNote } from "./chat-note";
import { chatSend } from "./chat-send";
import { liveAgentAccept } from "./live-agent-accept";
import { liveAgentCreate } from "./live-agent-create";
import { liveAgentInvite } from "./live-agent-invite";
import { sandboxPhoneSend } from "./sandbox-phone-send";
import { channelIntegrations } from "./channel-integrations";
import { confirmEmail } from "./confirm-email";
import { grantPermission } from "./grant-permission";
import { impersonate } from "./impersonate";
import { login } from "./login";
import { profileUpdate } from "./profile-update";
import { rcsBot } from "./rcs-bot";
import { rcsBotUpdate } from "./rcs-bot-update";
import { rcsTemplate } from "./rcs-template";
import { registerDefault } from "./register-default";
import { ratesUpdate } from "./rates-update";
import { register } from "./register";
import { resetPassword } from "./reset-password";
import { sendResetLink } from "./send-reset-link";
import { smsAccountActivate } from "./sms-account-activate";
import { smsAccountUpdate } from "./sms-account-update";
import { smsTemplateCreate } from "./sms-template-create";
import { smsTemplateUpdate } from "./sms-template-update";
import { suppressionAdd } from "./suppression-add";
import { uploadCreate } from "./upload-create";
import { uploadDelete } from "./upload-delete";
import { userUpdate } from "./user-update";
import { wabaMediaSession } from "./waba-media-session";
import { wabaMediaUpload } from "./waba-media-upload";
import { wabaOnboarding } from "./waba-onboarding";
import { wabaSolutionProvider } from "./waba-solution-provider";
import { whatsappBusinessProfile } from "./whatsapp-business-profile";
import { whatsappCloudConnect } from "./whatsapp-cloud-connect";
import { whatsappTemplateCreate } from "./whatsapp-template-create";
import { whatsappTemplateDelete } from "./whatsapp-template-delete";

/** Request-body schemas by the name the call table uses (`bodySchema`). Both ends validate with these. */
export const SCHEMAS = {
  "balance-change": balanceChange,
  "balance-request": balanceRequest,
  "balance-request-reject": balanceRequestReject,
  "bot-status": botStatus,
  "campaign-create-rcs": campaignCreateRcs,
  "campaign-create-sms": campaignCreateSms,
  "campaign-create-whatsapp": campaignCreateWhatsapp,
  "campaign-schedule": campaignSchedule,
  "campaign-test-send": campaignTestSend,
  "channel-integrations": channelIntegrations,
  "confirm-email": confirmEmail,
  "grant-permission": grantPermission,
  impersonate,
  login,
  "profile-update": profileUpdate,
  "rcs-bot": rcsBot,
  "rcs-bot-update": rcsBotUpdate,
  "rcs-template": rcsTemplate,
  "register-default": registerDefault,
  "rates-update": ratesUpdate,
  register,
  "reset-password": resetPassword,
  "send-reset-link": sendResetLink,
  "sms-account-activate": smsAccountActivate,
  "sms-account-update": smsAccountUpdate,
  "sms-template-create": smsTemplateCreate,
  "sms-template-update": smsTemplateUpdate,
  "suppression-add": suppressionAdd,
  "upload-create": uploadCreate,
  "upload-delete": uploadDelete,
  "user-update": userUpdate,
  "waba-media-session": wabaMediaSession,
  "waba-media-upload": wabaMediaUpload,
  "waba-onboarding": wabaOnboarding,
  "waba-solution-provider": wabaSolutionProvider,
  "whatsapp-business-profile": whatsappBusinessProfile,
  "whatsapp-template-create": whatsappTemplateCreate,
  "whatsapp-template-delete": whatsappTemplateDelete,
  "chat-assign": chatAssign,
  "chat-note": chatNote,
  "chat-send": chatSend,
  "live-agent-accept": liveAgentAccept,
  "live-agent-create": liveAgentCreate,
  "live-agent-invite": liveAgentInvite,
  "sandbox-phone-send": sandboxPhoneSend,
  "whatsapp-cloud-connect": whatsappCloudConnect,
  "carrier-channel-update": carrierChannelUpdate,
} as const;

export type SchemaName = keyof typeof SCHEMAS;

/** The body type of each schema, derived from the schema object (see static.ts). */
export type SchemaBody<N extends SchemaName> = SchemaStatic<(typeof SCHEMAS)[N]>;
