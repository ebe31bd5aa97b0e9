import type { SchemaStatic } from "./static";
import { apiKeyCreate } from "./api-key-create";
import { apiKeyRegenerate } from "./api-key-regenerate";
import { apiKeyUpdate } from "./api-key-update";
import { apiKeyValidate } from "./api-key-validate";
import { aiAgent } from "./ai-agent";
import { aiAgentConfig } from "./ai-agent-config";
import { aiAgentConfigUpdate } from "./ai-agent-config-update";
import { aiAgentUpdate } from "./ai-agent-update";
import { aiBusinessContext } from "./ai-business-context";
import { aiBusinessContextUpdate } from "./ai-business-context-update";
import { aiConfigDefault } from "./ai-config-default";
import { aiEnhancePrompt } from "./ai-enhance-prompt";
import { aiIntent } from "./ai-intent";
import { aiIntentBulk } from "./ai-intent-bulk";
import { aiIntentTest } from "./ai-intent-test";
import { aiIntentUpdate } from "./ai-intent-update";
import { aiKnowledge } from "./ai-knowledge";
import { aiKnowledgeFile } from "./ai-knowledge-file";
import { aiKnowledgeUpdate } from "./ai-knowledge-update";
import { aiMarketplaceInstall } from "./ai-marketplace-install";
import { aiPlayground } from "./ai-playground";
import { balanceChange } from "./balance-change";
import { balanceRequest } from "./balance-request";
import { balanceRequestReject } from "./balance-request-reject";
import { botStatus } from "./bot-status";
import { campaignCreateRcs } from "./campaign-create-rcs";
import { carrierChannelUpdate } from "./carrier-channel-update";
import { campaignCreateSms } from "./campaign-create-sms";
import { campaignCreateWhatsapp } from "./campaign-create-whatsapp";
import { campaignSchedule } from "./campaign-schedule";
import { campaignScheduleSave } from "./campaign-schedule-save";
import { campaignTestSend } from "./campaign-test-send";
import { campaignThrottle } from "./campaign-throttle";
import { campaignAlerts } from "./campaign-alerts";
import { chatAssign } from "./chat-assign";
import { conversionSettings } from "./conversion-settings";
import { chatLabelColor } from "./chat-label-color";
import { chatLabels } from "./chat-labels";
import { inboxAssignment } from "./inbox-assignment";
import { inboxSla } from "./inbox-sla";
import { inboxCsat } from "./inbox-csat";
import { inboxView } from "./inbox-view";
import { cannedResponse } from "./canned-response";
import { chatNote } from "./chat-note";
import { chatSend } from "./chat-send";
import { keyConfig } from "./key-config";
import { keyConfigUpdate } from "./key-config-update";
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
import { publicMessage } from "./public-message";
import { publicMessageBatch } from "./public-message-batch";
import { rcsBot } from "./rcs-bot";
import { rcsBotUpdate } from "./rcs-bot-update";
import { rcsTemplate } from "./rcs-template";
import { registerDefault } from "./register-default";
import { rateCardSet } from "./rate-card-set";
import { ratesUpdate } from "./rates-update";
import { register } from "./register";
import { resetPassword } from "./reset-password";
import { sendResetLink } from "./send-reset-link";
import { smsAccountActivate } from "./sms-account-activate";
import { smsAccountUpdate } from "./sms-account-update";
import { smsTemplateCreate } from "./sms-template-create";
import { smsTemplateUpdate } from "./sms-template-update";
import { suppressionAdd } from "./suppression-add";
import { consentRecord } from "./consent-record";
import { consentSettings } from "./consent-settings";
import { contactAttribute } from "./contact-attribute";
import { contactCreate } from "./contact-create";
import { contactErase } from "./contact-erase";
import { publicConsent } from "./public-consent";
import { publicContactUpsert } from "./public-contact-upsert";
import { publicConversion } from "./public-conversion";
import { contactImportStart } from "./contact-import-start";
import { contactLabels } from "./contact-labels";
import { contactRemove } from "./contact-remove";
import { contactUpdate } from "./contact-update";
import { segmentPreview } from "./segment-preview";
import { segmentSave } from "./segment-save";
import { campaignSplitCreate } from "./campaign-split-create";
import { supportReply } from "./support-reply";
import { supportTicket } from "./support-ticket";
import { uploadCreate } from "./upload-create";
import { uploadDelete } from "./upload-delete";
import { userUpdate } from "./user-update";
import { wabaMediaSession } from "./waba-media-session";
import { wabaMediaUpload } from "./waba-media-upload";
import { wabaOnboarding } from "./waba-onboarding";
import { wabaSolutionProvider } from "./waba-solution-provider";
import { whatsappBusinessProfile } from "./whatsapp-business-profile";
import { whatsappCloudConnect } from "./whatsapp-cloud-connect";
import { smppConnect } from "./smpp-connect";
import { smsHttpConnect } from "./sms-http-connect";
import { rcsGoogleConnect } from "./rcs-google-connect";
import { rcsGoogleEdit } from "./rcs-google-edit";
import { smppEdit } from "./smpp-edit";
import { smsHttpEdit } from "./sms-http-edit";
import { whatsappTemplateCreate } from "./whatsapp-template-create";
import { whatsappTemplateDelete } from "./whatsapp-template-delete";
import { workflowCreate } from "./workflow-create";
import { workflowHook } from "./workflow-hook";
import { workflowPublish } from "./workflow-publish";
import { workflowReplay } from "./workflow-replay";
import { workflowStatus } from "./workflow-status";
import { workflowTestRun } from "./workflow-test-run";
import { workflowUpdate } from "./workflow-update";
import { webhookEndpoint } from "./webhook-endpoint";
import { webhookEndpointUpdate } from "./webhook-endpoint-update";

/** Request-body schemas by the name the call table uses (`bodySchema`). Both ends validate with these. */
export const SCHEMAS = {
  "ai-agent": aiAgent,
  "ai-agent-update": aiAgentUpdate,
  "ai-agent-config": aiAgentConfig,
  "ai-agent-config-update": aiAgentConfigUpdate,
  "ai-config-default": aiConfigDefault,
  "ai-enhance-prompt": aiEnhancePrompt,
  "ai-knowledge": aiKnowledge,
  "ai-knowledge-file": aiKnowledgeFile,
  "ai-knowledge-update": aiKnowledgeUpdate,
  "ai-business-context": aiBusinessContext,
  "ai-business-context-update": aiBusinessContextUpdate,
  "ai-intent": aiIntent,
  "ai-intent-update": aiIntentUpdate,
  "ai-intent-bulk": aiIntentBulk,
  "ai-intent-test": aiIntentTest,
  "ai-playground": aiPlayground,
  "ai-marketplace-install": aiMarketplaceInstall,
  "balance-change": balanceChange,
  "balance-request": balanceRequest,
  "balance-request-reject": balanceRequestReject,
  "bot-status": botStatus,
  "campaign-create-rcs": campaignCreateRcs,
  "campaign-create-sms": campaignCreateSms,
  "campaign-create-whatsapp": campaignCreateWhatsapp,
  "campaign-schedule": campaignSchedule,
  "campaign-schedule-save": campaignScheduleSave,
  "campaign-test-send": campaignTestSend,
  "campaign-throttle": campaignThrottle,
  "campaign-alerts": campaignAlerts,
  "channel-integrations": channelIntegrations,
  "confirm-email": confirmEmail,
  "conversion-settings": conversionSettings,
  "grant-permission": grantPermission,
  impersonate,
  login,
  "profile-update": profileUpdate,
  "rcs-bot": rcsBot,
  "rcs-bot-update": rcsBotUpdate,
  "rcs-template": rcsTemplate,
  "register-default": registerDefault,
  "rate-card-set": rateCardSet,
  "rates-update": ratesUpdate,
  register,
  "reset-password": resetPassword,
  "send-reset-link": sendResetLink,
  "sms-account-activate": smsAccountActivate,
  "sms-account-update": smsAccountUpdate,
  "sms-template-create": smsTemplateCreate,
  "sms-template-update": smsTemplateUpdate,
  "suppression-add": suppressionAdd,
  "consent-record": consentRecord,
  "consent-settings": consentSettings,
  "contact-create": contactCreate,
  "contact-erase": contactErase,
  "contact-update": contactUpdate,
  "contact-labels": contactLabels,
  "contact-remove": contactRemove,
  "contact-attribute": contactAttribute,
  "contact-import-start": contactImportStart,
  "segment-save": segmentSave,
  "segment-preview": segmentPreview,
  "campaign-split-create": campaignSplitCreate,
  "support-reply": supportReply,
  "support-ticket": supportTicket,
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
  "chat-label-color": chatLabelColor,
  "chat-labels": chatLabels,
  "inbox-assignment": inboxAssignment,
  "inbox-sla": inboxSla,
  "inbox-csat": inboxCsat,
  "inbox-view": inboxView,
  "canned-response": cannedResponse,
  "chat-note": chatNote,
  "chat-send": chatSend,
  "live-agent-accept": liveAgentAccept,
  "live-agent-create": liveAgentCreate,
  "live-agent-invite": liveAgentInvite,
  "sandbox-phone-send": sandboxPhoneSend,
  "workflow-create": workflowCreate,
  "workflow-hook": workflowHook,
  "workflow-publish": workflowPublish,
  "workflow-replay": workflowReplay,
  "workflow-status": workflowStatus,
  "workflow-test-run": workflowTestRun,
  "workflow-update": workflowUpdate,
  "api-key-create": apiKeyCreate,
  "api-key-update": apiKeyUpdate,
  "api-key-validate": apiKeyValidate,
  "api-key-regenerate": apiKeyRegenerate,
  "key-config": keyConfig,
  "key-config-update": keyConfigUpdate,
  "public-message": publicMessage,
  "public-message-batch": publicMessageBatch,
  "public-contact-upsert": publicContactUpsert,
  "public-consent": publicConsent,
  "public-conversion": publicConversion,
  "webhook-endpoint": webhookEndpoint,
  "webhook-endpoint-update": webhookEndpointUpdate,
  "whatsapp-cloud-connect": whatsappCloudConnect,
  "carrier-channel-update": carrierChannelUpdate,
  "smpp-connect": smppConnect,
  "sms-http-connect": smsHttpConnect,
  "rcs-google-connect": rcsGoogleConnect,
  "smpp-edit": smppEdit,
  "sms-http-edit": smsHttpEdit,
  "rcs-google-edit": rcsGoogleEdit,
} as const;

export type SchemaName = keyof typeof SCHEMAS;

/** The body type of each schema, derived from the schema object (see static.ts). */
export type SchemaBody<N extends SchemaName> = SchemaStatic<(typeof SCHEMAS)[N]>;
