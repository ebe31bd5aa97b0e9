// The numbers a WABA started a conversation with in the moving 24 hours, which WhatsApp's messaging limit counts:
// every business-initiated template message, whichever way it went out. Campaigns (campaign_recipients), the chat
// inbox and workflows' send-template steps (chat_messages: a workflow sends through the inbox), and the public API
// (api_messages; a campaign message shown in a thread is its recipient's, counted there). Each number counts once
// across them all; numbers inside the customer's 24-hour service window (they wrote to the account) are the caller's
// to leave out.
import { sql, type SQL } from "drizzle-orm";

/**
 * One query for the union (an SQL subquery of one column, `number`), per owner and WABA, each branch on an index:
 * campaigns by owner (campaigns_user_idx) then their recipients by campaign, template sends of the inbox by owner and
 * time (chat_messages_template_out_idx), public-API messages by owner and time (api_messages_user_idx). The WABA's
 * phone number ids name the inbox's and the API's senders. Campaigns finished before the window are not read.
 * As a campaign recipient counts once sent (a later failed receipt does not undo it), a message counts once the
 * provider took it (it has a provider id) or while it is queued or in flight (it is about to); only a refusal at
 * submit (failed with no provider id) counts nothing. Free-form
 * API text goes only inside the service window, so only the API's template steps are read.
 */
export function usedNumbersSql(userId: string, wabaId: string, since: Date): SQL {
  const phones = sql`(select p.phone_number_id from waba_phone_numbers p join wabas w on w.id = p.waba_id
      where w.user_id = ${userId} and w.waba_id = ${wabaId})`;
  return sql`(
    select r.number from campaign_recipients r join campaigns c on c.id = r.campaign_id
      where c.user_id = ${userId} and c.waba_id = ${wabaId} and c.channel = 'whatsapp'
        and (c.completed_at is null or c.completed_at > ${since}) and r.sent_at > ${since}
    union
    select cv.customer_number from chat_messages m join conversations cv on cv.id = m.conversation_id
      where m.user_id = ${userId} and m.direction = 'out' and m.type = 'template' and m.created_at > ${since} and m.recipient_id is null
        and (m.status is distinct from 'failed' or m.provider_message_id is not null) and cv.channel = 'whatsapp' and cv.business_address in ${phones}
    union
    select a.to_number from api_messages a
      where a.user_id = ${userId} and a.created_at > ${since} and a.channel = 'whatsapp' and (a.state <> 'failed' or a.provider_message_id is not null)
        and a.sender in ${phones} and a.steps -> a.step -> 'content' ->> 'kind' = 'template'
  )`;
}
