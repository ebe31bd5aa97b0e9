import { API_SCOPES, DEFAULT_KEY_LIMITS, type ApiScope } from "../../../contract/domain/api-keys";
import { CAMPAIGN_CHANNELS, type CampaignChannel } from "../../../contract/constants";

/** A key configuration row as the queries read it. */
export interface ConfigRow {
  id: string;
  apiKeyId: string | null;
  channels: CampaignChannel[];
  scopes: ApiScope[];
  ipAllowList: string[];
  ratePerSecond: number;
  ratePerDay: number;
  expiresAt: Date | null;
}

export interface Effective {
  source: "key" | "account" | "default";
  configId: string | null;
  channels: CampaignChannel[];
  scopes: ApiScope[];
  ipAllowList: string[];
  perSecond: number;
  perDay: number;
  expiresAt: Date | null;
}

const earliest = (a: Date | null, b: Date | null): Date | null => (a && b ? (a < b ? a : b) : (a ?? b));

/**
 * What applies to a key: its own configuration, else its account's, else the defaults (every channel and scope,
 * any address, DEFAULT_KEY_LIMITS); then the stricter of the key and the configuration wins: scopes both allow,
 * the earlier expiry.
 */
export function effectiveOf(
  key: { scopes: readonly ApiScope[]; expiresAt: Date | null },
  config: ConfigRow | null,
): Effective {
  const base = config ?? {
    id: null,
    apiKeyId: null,
    channels: [...CAMPAIGN_CHANNELS],
    scopes: [...API_SCOPES],
    ipAllowList: [],
    ratePerSecond: DEFAULT_KEY_LIMITS.perSecond,
    ratePerDay: DEFAULT_KEY_LIMITS.perDay,
    expiresAt: null,
  };
  return {
    source: config ? (config.apiKeyId ? "key" : "account") : "default",
    configId: base.id,
    channels: [...base.channels],
    scopes: API_SCOPES.filter((s) => key.scopes.includes(s) && base.scopes.includes(s)),
    ipAllowList: [...base.ipAllowList],
    perSecond: base.ratePerSecond,
    perDay: base.ratePerDay,
    expiresAt: earliest(key.expiresAt, base.expiresAt),
  };
}

/** The configuration that applies among a key's own and its account's (the query returns at most these two). */
export function configFor(keyId: string, rows: readonly ConfigRow[]): ConfigRow | null {
  return rows.find((r) => r.apiKeyId === keyId) ?? rows.find((r) => r.apiKeyId === null) ?? null;
}
