// Each channel's accounts and templates for the first step, in one shape: the stepper does not know which channel
// it serves. Only templates the channel lets a campaign send are selectable; the others show with their status.
import { useList, type HttpError } from "@refinedev/core";
import type { ReactNode } from "react";
import { MSG, type WabaRecord, type WhatsAppTemplateRecord } from "../../../../../contract";
import type { RcsTemplateRecord } from "../../../../../contract/calls/rcs-templates";
import {
  headerMediaFormat,
  type WaComponent,
  type WaMediaFormat,
} from "../../../../../contract/domain/whatsapp-template";
import { useCall } from "../../../../api";
import { PhonePreview as RcsPhonePreview } from "../../../rcs-templates/builder/phone-preview";
import { SmsPreview } from "../../../sms-templates/components/sms-preview";
import { useSmsTemplates } from "../../../sms-templates/use-sms-templates";
import { TemplatePreview as WaTemplatePreview } from "../../../whatsapp-templates/components/template-preview";
import { waDraftOf } from "../../../whatsapp-templates/template-draft";
import { dltCount, fillDlt, fillNumbered, numberedCount, stringsOf } from "./variables";

export interface AccountOption {
  value: string;
  label: string;
  disabled?: boolean;
  hint?: string;
}

export interface TemplateOption {
  id: string;
  name: string;
  status: string;
  selectable: boolean;
  /** Why it cannot be chosen, when it cannot. */
  reason?: string;
  detail?: string;
  placeholderCount: number;
  /** WhatsApp: the template's header is an image, video or document, sent with every message. */
  headerFormat?: WaMediaFormat;
  /** The message as the recipient sees it, with these slot texts filled in (and the campaign's own header file). */
  preview: (texts: readonly string[], headerFile?: File) => ReactNode;
}

export interface ChannelSource {
  accountLabel: string;
  accounts: AccountOption[];
  /** WhatsApp: the account's sending numbers. */
  senders?: AccountOption[];
  templates: TemplateOption[];
  loading: boolean;
  templatesLoading: boolean;
  error: string | null;
  /** How the template step explains where templates come from. */
  emptyTemplates: string;
  /** SMS: the campaign may go out on a DLT route (each variable value within DLT's limit). */
  dltRoute?: boolean;
}

const errorToast = (fallback: string) => (err?: HttpError) => ({
  type: "error" as const,
  message: err?.message || fallback,
});

export function useRcsSource(botId: string): ChannelSource {
  const bots = useCall("rcsTemplates.bots", {}, { errorNotification: errorToast(MSG.fetchTemplates) });
  const list = useList<RcsTemplateRecord, HttpError>({
    resource: "rcs-templates",
    filters: [{ field: "botId", operator: "eq", value: botId }],
    pagination: { currentPage: 1, pageSize: 100, mode: "server" },
    queryOptions: { enabled: Boolean(botId) },
    errorNotification: errorToast(MSG.fetchTemplates),
  });
  const botRows = bots.query.data?.data.data ?? [];
  const botName = botRows.find((b) => b._id === botId)?.name ?? "";
  return {
    accountLabel: "RCS bot",
    accounts: botRows.map((b) => ({
      value: b._id,
      label: b.name,
      disabled: b.status !== "active",
      hint: b.status !== "active" ? "Inactive" : undefined,
    })),
    templates: (list.result.data ?? []).map((t) => {
      const selectable = ["ACTIVE", "APPROVED"].includes(t.status.toUpperCase());
      return {
        id: t._id,
        name: t.name,
        status: t.status,
        selectable,
        reason: selectable ? undefined : `Status ${t.status}`,
        detail: `${t.type} message`,
        placeholderCount: numberedCount(stringsOf(t.draft)),
        preview: (texts) => <RcsPhonePreview draft={fillNumbered(t.draft, texts)} botName={botName} />,
      };
    }),
    loading: bots.query.isLoading,
    templatesLoading: Boolean(botId) && list.query.isLoading,
    error: bots.query.isError ? (bots.query.error?.message ?? MSG.fetchTemplates) : null,
    emptyTemplates: "This bot has no templates yet: build one under Templates → RCS.",
  };
}

export function useSmsSource(smsAccountId: string): ChannelSource {
  const all = useSmsTemplates(undefined);
  const templates = all.templates.filter((t) => t.smsAccountId === smsAccountId);
  return {
    accountLabel: "SMS account",
    accounts: all.accounts.map((a) => ({
      value: a.id,
      label: a.name,
      disabled: !a.isActive,
      hint: a.isActive ? a.senderIds.join(", ") : "Inactive: turn it on under Channels → SMS",
    })),
    templates: templates.map((t) => ({
      id: t.id,
      name: t.name,
      status: "REGISTERED",
      selectable: true,
      detail: `${t.senderId} · DLT ${t.dltTemplateId}`,
      placeholderCount: dltCount(t.body),
      preview: (texts) => <SmsPreview senderId={t.senderId} body={fillDlt(t.body, texts)} />,
    })),
    loading: all.loading,
    templatesLoading: false,
    error: all.error,
    emptyTemplates: "This account has no DLT templates yet: add one under Templates → SMS.",
    // Every SMS template here is a DLT template; whether the account sends under an entity id is the server's to know
    // (the templates call does not say), so the wizard warns for every SMS campaign and the ingest applies the rule.
    dltRoute: true,
  };
}

const waTexts = (components: readonly WaComponent[]) =>
  components.flatMap((c) => [("text" in c ? c.text : undefined) ?? ""]);

export function useWhatsAppSource(wabaId: string): ChannelSource {
  const wabas = useList<WabaRecord, HttpError>({
    resource: "wabas",
    pagination: { mode: "off" },
    errorNotification: errorToast(MSG.fetchPhoneNumbers),
  });
  const list = useList<WhatsAppTemplateRecord, HttpError>({
    resource: "whatsapp-templates",
    pagination: { mode: "off" },
    filters: [
      { field: "waba_id", operator: "eq", value: wabaId },
      { field: "limit", operator: "eq", value: 100 },
    ],
    queryOptions: { enabled: Boolean(wabaId) },
    errorNotification: errorToast(MSG.fetchTemplates),
  });
  const rows = wabas.result.data ?? [];
  const waba = rows.find((w) => w.waba_id === wabaId);
  return {
    accountLabel: "WhatsApp Business Account",
    accounts: rows.map((w) => ({
      value: w.waba_id,
      label: w.name,
      hint: `${w.phone_numbers.length} number${w.phone_numbers.length === 1 ? "" : "s"}`,
    })),
    senders: (waba?.phone_numbers ?? []).map((p) => ({
      value: p.id,
      label: `${p.display_phone_number}${p.verified_name ? ` · ${p.verified_name}` : ""}`,
      hint: p.quality_rating,
    })),
    templates: (list.result.data ?? []).map((t) => {
      const status = t.status ?? "PENDING";
      const components = (t.components ?? []) as WaComponent[];
      return {
        id: t.id,
        name: t.name,
        status,
        selectable: status === "APPROVED",
        reason:
          status === "APPROVED"
            ? undefined
            : t.rejected_reason || `Only approved templates can be sent (${status.toLowerCase()})`,
        detail: [t.category, t.language].filter(Boolean).join(" · "),
        placeholderCount: numberedCount(waTexts(components)),
        headerFormat: headerMediaFormat(components),
        preview: (texts, headerFile) => (
          <WaTemplatePreview
            template={t}
            draft={waDraftOf(components, texts)}
            file={headerFile}
            business={waba?.name ?? "Business"}
          />
        ),
      };
    }),
    loading: wabas.query.isLoading,
    templatesLoading: Boolean(wabaId) && list.query.isLoading,
    error: wabas.query.isError ? (wabas.query.error?.message ?? MSG.fetchPhoneNumbers) : null,
    emptyTemplates: "This account has no templates yet: create one under Templates → WhatsApp.",
  };
}
