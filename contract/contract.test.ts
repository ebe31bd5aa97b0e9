import { describe, expect, it } from "vitest";
import { defineAbilityFor } from "./ability";
import { buildPath, CALL_IDS, CALLS, ErrorBody, PublicErrorBody, rolesFor, type CallDef, type CallId } from "./calls";
import { PASSWORD_MIN_LENGTH } from "./constants";
import { MODULES } from "./modules";
import { areaRoleOf, navigationPrefix, normalizeRole, ROLE_AREAS, ROLES, type Role } from "./roles";
import { SCHEMAS } from "../schemas";

/**
 * SPEC 6's capability table, typed in again by hand as the oracle: if the call table drifts from the spec,
 * this test names the call. (Our own additions, which SPEC does not list, are checked against our README choice.)
 */
const A: Role = "admin",
  R: Role = "reseller",
  M: Role = "manager",
  U: Role = "user",
  D: Role = "department_head";
const ALL = [A, R, M, U, D];
const SPEC6: Array<[RegExp, Role[]]> = [
  [/^liveAgents\.list$/, [A, M, U, D]],
  [/^liveAgents\.(invite|create|search)$/, [M, U, D]],
  [/^sms\.templates\./, [U, M, D, A]],
  // Not in SPEC 6: RCS templates and the library take SMS templates' roles (issue 8).
  [/^(rcsTemplates|templateLibrary|templates)\./, [U, M, D, A]],
  [/^channels\.wabaProviderSolutionIds$/, [A, R, M, U]],
  [/^bots\.updateStatus$/, [A, M, U]],
  [/^channels\.updateIntegrations$/, [U, M]],
  [/^channels\.getIntegrations$/, ALL],
  [/^sms\.accounts\./, [U, M]],
  [/^sms\.campaigns\.list$/, ALL],
  [/^sms\.campaigns\.(responses|start|discard)$/, [U, M]],
  [/^sms\.campaigns\.create$/, [U, M, D]],
  [/^(sms\.)?campaigns\.search$/, [A, R, U, M]],
  [/^(sms\.)?campaigns\.searchWithin$/, ALL],
  [/^users\.list$/, [A, R, M]],
  [
    /^(dashboard\.statusCounts|users\.update|users\.permissions|users\.grantPermission|balance\.add|liveAgents\.metrics)$/,
    ALL,
  ],
  [/^dashboard\.storedStatusCounts$/, [A, R]],
  [/^bots\.createRcs$/, [A]],
  [/^auth\.register$/, [A, R, M]],
  [/^balance\.deduct$/, [A, R, M]],
  [/^waba\.solutionSelection$/, [A, R, M]],
  [/^waba\.updateSolutionProvider$/, [A]],
  [/^(apiKeys|keyConfigs|ums)\./, ALL],
  [/^ai\.(agents|agentConfigs|knowledge|intents)\./, ALL],
  [
    /^(campaigns\.list|balance\.get|profile\.|bots\.ids|balance\.request$|campaigns\.downloadNumbers|campaigns\.downloadExcel)/,
    ALL,
  ],
  [/^campaigns\.(responses|status|create|start|discard|validatingProgress)$/, [U, M]],
  [/^waba\.(active|templates\.|media\.|campaigns\.|onboarding)/, [U, M]],
  // Our addition: a file by signed link, for the carrier (no token; the HMAC is the permission).
  [/^uploads\.signedFile$/, ALL],
  [/^uploads\./, [U, M]],
  [/^waba\.(analytics|phoneNumbers)$/, [M, U, D]],
  [/^waba\.businessProfile\./, [A, M, U]],
  [/^reports\./, [M, U, A, D]],
  [/^(bots\.get|bots\.update|auth\.impersonate)$/, [A]],
  [/^ai\.businessContext\./, ALL],
  // Not in SPEC 6: public auth calls, and our documented additions.
  [/^auth\.(login|registerDefault|sendResetLink|resetPassword|confirmEmail)$/, ALL],
  [/^auth\.logout$/, ALL],
  [/^(permissions\.modules|balance\.ledger)$/, ALL],
  [/^balance\.(requests|approveRequest|rejectRequest)$/, [A, R, M]],
  [/^balance\.myRequests$/, ALL],
  // Not in SPEC 6: campaign control, suppression list and rates (issue 9). Operators read and discard; owners act.
  [/^campaigns\.get$/, ALL],
  // Not in SPEC 6 (issue 41): a running campaign's live control room. Every role reads its reach (as campaigns.get);
  // the senders (the workspace, as A/B tests) move its throttle and set its alerts.
  [/^campaigns\.live$/, ALL],
  [/^campaigns\.(throttle|alerts)$/, [M, U, D]],
  [/^campaigns\.operatorDiscard$/, [A, R]],
  [/^campaigns\.(check|pause|resume|schedule|testSend|rejectedRows|numberHistory)$/, [U, M]],
  [/^suppressions\./, [U, M]],
  // Not in SPEC 6 (issue 41): recurring campaigns, the sender's own like the campaigns they make; department heads
  // too (SMS for their organization, as they create SMS campaigns).
  [/^campaignSchedules\./, [M, U, D]],
  // Not in SPEC 6 (issue 35): the account's DND list, the owners' like the suppression list.
  [/^dnd\./, [U, M]],
  // Not in SPEC 6 (issue 39): contacts, of the account that holds the campaigns; its users and department heads too.
  // Erase: the contacts' owners (a manager, or a user without one; the server refuses a manager's users).
  // Not in SPEC 6 (issue 41): A/B tests. The senders create (the workspace, like contacts); every role reads its reach,
  // admins and resellers their customers' (as campaigns.get).
  [/^campaignSplits\.(list|get)$/, ALL],
  [/^campaignSplits\.(create|decide)$/, [M, U, D]],
  [/^contacts\.erase$/, [U, M]],
  [/^contacts\./, [M, U, D]],
  // Not in SPEC 6 (issue 39): the consent ledger, of the caller's account like the suppression list (its view).
  [/^consent\./, [U, M]],
  [/^rates\.get$/, ALL],
  [/^rates\.update$/, [A]],
  // Not in SPEC 6 (issue 37): rate cards. The admin any account's, a reseller its customers'; the margin, a reseller's.
  [/^rateCards\.(get|set|audit)$/, [A, R]],
  [/^rateCards\.globalAudit$/, [A]],
  [/^rateCards\.margins$/, [R]],
  // Not in SPEC 6: the chat inbox and its simulated phone, and our live-agent additions (issue 10): the workspace.
  // A conversation's file by its signed link (handed out by chats.media to the conversation's people only).
  [/^chats\.file$/, ALL],
  [/^(chats|sandbox\.phone)\./, [M, U, D]],
  [/^liveAgents\.acceptInvite$/, ALL],
  [/^liveAgents\.remove$/, [M, U, D]],
  // Not in SPEC 6: the public API (issue 12) takes an API key, never a session, so no role's session may call it.
  // Except the postback URL (issue 41): a shop calls it with no key and no session; the token in its path is the
  // account's credential, like a workflow hook's secret.
  [/^public\.conversions\.postback$/, ALL],
  [/^public\./, []],
  // Not in SPEC 6 (issue 41): an account's own conversion settings, beside its API keys: the workspace's roles.
  [/^conversionSettings\./, [M, U, D]],
  // Not in SPEC 6: outbound webhooks (issue 12), beside the API keys and with their roles: every role, its own account.
  [/^webhooks\./, ALL],
  // Not in SPEC 6: provider connections (issue 15) take "Update channel integrations"' roles: user and manager.
  [/^carrierChannels\./, [U, M]],
  // Not in SPEC 6: workflow automation (issue 14) and the AI hub's marketplace (issue 13), like the AI hub: every role,
  // its own account. A workflow's incoming webhook is public: its secret in the path is the credential.
  [/^workflows\.hook$/, ALL],
  [/^(workflows|ai\.marketplace)\./, ALL],
  // Not in SPEC 6: dashboards (issue 11) are every role's first view, each over its own reach; Team Reports and quota
  // are for the roles with sub-accounts (SPEC 2 hides Team Reports from users).
  [/^dashboard\.overview$/, ALL],
  [/^dashboard\.(team|teamExport|teamCsat)$/, [A, R, M, D]],
  [/^quota\./, [A, R, M]],
  // Not in SPEC 6: the backup call (issue 16), the platform's administrator only.
  [/^operations\.backup$/, [A]],
  // Not in SPEC 6 (issue 37): the message log. Campaign status and responses are the owners' (user and manager), so
  // their own log is too; admins and resellers read one customer's through calls of their own.
  [/^messageLog\.(list|export|exportJob)$/, [U, M, D]],
  [/^messageLog\.(accountList|accountExport|accountExportJob)$/, [A, R]],
  // A log export's status and file: whoever queued it (the row is the asker's own; another's answers 404).
  [/^messageLog\.(exportStatus|exportDownload)$/, ALL],
  // Not in SPEC 6: each signed-in person's own bell history (SPEC 4's bell, kept on the server): every role.
  [/^notifications\./, ALL],
  // Not in SPEC 6 (issue 37): the support desk of the roles whose sidebar has Support and Feedback (SPEC 2).
  [/^support\./, [A, R]],
];

function specRoles(id: CallId): Role[] {
  const row = SPEC6.find(([pattern]) => pattern.test(id));
  if (!row) throw new Error(`no SPEC 6 row for ${id}`);
  return row[1];
}

describe("call table", () => {
  it.each(CALL_IDS)("%s admits exactly SPEC 6's roles", (id) => {
    expect([...rolesFor(id)].sort()).toEqual([...specRoles(id)].sort());
  });

  it("has one row per method and path", () => {
    const keys = CALL_IDS.map((id) => `${CALLS[id].method} ${CALLS[id].path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(CALL_IDS.filter((id) => "bodySchema" in CALLS[id]))("%s names a schema that exists", (id) => {
    const name = (CALLS[id] as { bodySchema: string }).bodySchema;
    expect(Object.keys(SCHEMAS)).toContain(name);
  });

  it("keeps the public calls to the sign-in flows, the email confirmation, the agent invitation, signed file links, workflow webhooks and the conversions postback (secret in the path)", () => {
    expect(CALL_IDS.filter((id) => CALLS[id].access === "public").sort()).toEqual(
      [
        "auth.confirmEmail",
        "auth.login",
        "auth.registerDefault",
        "auth.resetPassword",
        "auth.sendResetLink",
        "liveAgents.acceptInvite",
        "uploads.signedFile",
        "chats.file",
        "workflows.hook",
        "public.conversions.postback",
      ].sort(),
    );
  });

  it.each(CALL_IDS.filter((id) => "requiredIds" in CALLS[id]))(
    "%s requires an id that is in its path or query",
    (id) => {
      for (const req of (CALLS[id] as { requiredIds: { name: string; in: string }[] }).requiredIds) {
        if (req.in === "path") expect(CALLS[id].path).toContain(`:${req.name}`);
      }
    },
  );

  it("fills path parameters and refuses missing ones", () => {
    expect(buildPath("campaigns.start", { id: "c 1" })).toBe("/api/campaigns/start-campaign/c%201");
    expect(() => buildPath("campaigns.start")).toThrow(/id/);
  });

  it("applies SPEC 9's query defaults", () => {
    expect(CALLS["users.list"].queryDefaults).toEqual({ page: 1, limit: 10 });
    expect(CALLS["ums.requestMessages"].queryDefaults).toEqual({ page: 1, limit: 10 });
    expect(CALLS["ai.knowledge.search"].queryDefaults).toEqual({ limit: 10 });
    expect(CALLS["liveAgents.metrics"].queryDefaults).toEqual({ period: "day" });
    expect(CALLS["reports.generate"].queryDefaults).toEqual({ detailedCampaignReport: false });
  });

  it.each(CALL_IDS)("%s: its params schema names exactly the path's parameters", (id) => {
    const def = CALLS[id] as CallDef;
    const inPath = [...def.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]).sort();
    expect(Object.keys(def.params?.properties ?? {}).sort()).toEqual(inPath);
  });

  it.each(CALL_IDS)("%s: every query default is the query schema's default", (id) => {
    const def = CALLS[id] as CallDef;
    for (const [name, value] of Object.entries(def.queryDefaults ?? {})) {
      expect(def.query?.properties[name]?.default, name).toBe(value);
    }
  });

  it.each(CALL_IDS)("%s: answers errors with the one error body (the public API's with its stable code)", (id) => {
    const { response, access, path } = CALLS[id] as CallDef;
    // The public API's paths answer its error body (with the stable code) also where no key is taken (the postback).
    const body = access === "api-key" || path.startsWith("/api/public/") ? PublicErrorBody : ErrorBody;
    expect(response["4xx"]).toBe(body);
    expect(response["5xx"]).toBe(body);
  });
});

describe("roles", () => {
  it.each([
    ["department-head", "department_head"],
    ["Department_Head", "department_head"],
    ["manager", "manager"],
    ["superuser", null],
    ["", null],
  ])("normalizes %s", (raw, expected) => expect(normalizeRole(raw)).toBe(expected));

  it.each([
    ["/admin", A],
    ["/admin/users", A],
    ["/reseller/quota-management", R],
    ["/organization/chats", M],
    ["/user", U],
    ["/department-head/reports", D],
    ["/administrator", null],
    ["/users", null],
    ["/", null],
  ] as const)("path %s lies in %s's area", (path, role) => expect(areaRoleOf(path)).toBe(role));

  it.each(ROLES)("%s navigates under %s", (role) => {
    expect(navigationPrefix(role)).toBe(role === "manager" ? "/organization" : "/user");
    expect(ROLE_AREAS[role].home.startsWith(ROLE_AREAS[role].prefix)).toBe(true);
  });
});

describe("ability", () => {
  it.each(ROLES)("%s may call exactly its admitted non-module calls", (role) => {
    const ability = defineAbilityFor({ role, modules: [] });
    for (const id of CALL_IDS) {
      const gated = "module" in CALLS[id] && (role === "manager" || role === "user" || role === "department_head");
      expect(ability.can("call", id), `${role} ${id}`).toBe(rolesFor(id).includes(role) && !gated);
    }
  });

  it("gates workspace roles by module and not admins or resellers", () => {
    expect(defineAbilityFor({ role: "user", modules: ["api"] }).can("call", "apiKeys.list")).toBe(true);
    expect(defineAbilityFor({ role: "user", modules: ["chat"] }).can("call", "apiKeys.list")).toBe(false);
    expect(defineAbilityFor({ role: "user", modules: ["chat"] }).can("use", "chat")).toBe(true);
    expect(defineAbilityFor({ role: "user", modules: ["chat"] }).can("use", "api")).toBe(false);
    for (const m of MODULES) expect(defineAbilityFor({ role: "reseller", modules: [] }).can("use", m)).toBe(true);
  });
});

describe("schemas", () => {
  it.each(["register", "register-default", "reset-password", "profile-update"] as const)(
    "%s asks for PASSWORD_MIN_LENGTH",
    (name) => {
      const props = SCHEMAS[name].properties as Record<string, { minLength?: number }>;
      const field = props.password ?? props.newPassword;
      expect(field.minLength).toBe(PASSWORD_MIN_LENGTH);
    },
  );
});
