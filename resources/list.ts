import { account } from "./account";
import { agentConfigs } from "./agent-configs";
import { aiAgents } from "./ai-agents";
import { apiDocs } from "./api-docs";
import { apiKeys } from "./api-keys";
import { balanceRequests, myBalanceRequests } from "./balance-requests";
import { bots } from "./bots";
import { businessContext } from "./business-context";
import { campaigns } from "./campaigns";
import { cannedResponses } from "./canned-responses";
import { channels } from "./channels";
import { conversations } from "./conversations";
import { dashboard } from "./dashboard";
import { dnd } from "./dnd";
import { contacts } from "./contacts";
import { campaignSchedules } from "./campaign-schedules";
import { campaignSplits } from "./campaign-splits";
import { intents } from "./intents";
import { keyConfigs } from "./key-configs";
import { knowledge } from "./knowledge";
import { ledger } from "./ledger";
import { liveAgents } from "./live-agents";
import { marketplace } from "./marketplace";
import { messageLog } from "./message-log";
import { quota } from "./quota";
import { rates } from "./rates";
import { rcsTemplates } from "./rcs-templates";
import { reports } from "./reports";
import { settings } from "./settings";
import { smsAccounts } from "./sms-accounts";
import { smsTemplates } from "./sms-templates";
import { suppressions } from "./suppressions";
import { support } from "./support";
import { templateLibrary } from "./template-library";
import { teamReports } from "./team-reports";
import { templates } from "./templates";
import { umsRequests } from "./ums-requests";
import { uploads } from "./uploads";
import { users } from "./users";
import { webhooks } from "./webhooks";
import { wabas } from "./wabas";
import { whatsappTemplates } from "./whatsapp-templates";
import { workflows } from "./workflows";
import type { ResourceDef } from "./types";

/**
 * Every entity of the console. Refine's resources, the route tree, the sidebar, breadcrumbs, titles, module
 * gating and the data provider's routing are derived from this list (resources/derive.ts); a new entity is one
 * file here plus its page folder src/pages/<name>/.
 */
export const RESOURCES: readonly ResourceDef[] = [
  dashboard,
  users,
  ledger,
  quota,
  teamReports,
  balanceRequests,
  myBalanceRequests,
  account,
  settings,
  support,
  campaigns,
  suppressions,
  dnd,
  contacts,
  campaignSchedules,
  campaignSplits,
  messageLog,
  rates,
  channels,
  bots,
  wabas,
  smsAccounts,
  templateLibrary,
  templates,
  rcsTemplates,
  smsTemplates,
  whatsappTemplates,
  uploads,
  conversations,
  cannedResponses,
  liveAgents,
  reports,
  apiKeys,
  keyConfigs,
  umsRequests,
  webhooks,
  apiDocs,
  aiAgents,
  agentConfigs,
  knowledge,
  businessContext,
  intents,
  marketplace,
  workflows,
];
