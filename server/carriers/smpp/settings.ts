// One SMPP channel as the adapter reads it from its stored connection: where the SMSC is, the bind's system id (the
// password is the one secret), the window and throughput the provider's contract sets, and India's DLT parameters.
import type { ChannelConnection } from "../router/channel-adapter";

export const SMPP = "smpp";

export interface SmppChannel {
  id: string;
  host: string;
  port: number;
  systemId: string;
  password: string;
  systemType?: string;
  /** Outstanding submit_sm at most (default 10). */
  window: number;
  /** Messages per second per bind (default 100, the usual contract). */
  messagesPerSecond: number;
  /** India DLT: the principal entity id, sent in the TLV the provider names (commonly 0x1400; template id 0x1401). */
  dlt?: { entityId: string; entityIdTag: number; templateIdTag: number };
  disconnected?: string;
}

const text = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);
const positive = (value: unknown, fallback: number) =>
  typeof value === "number" && Number.isFinite(value) && value > 0 ? value : fallback;

export function smppChannelOf(connection: ChannelConnection): SmppChannel {
  const s = connection.settings;
  const host = text(s.host);
  const systemId = text(s.systemId);
  const password = connection.secrets.password;
  if (!host || !systemId || password === undefined)
    throw new Error(`channel ${connection.id}: an SMPP channel needs host, systemId and password`);
  const entityId = text(s.dltEntityId);
  const systemType = text(s.systemType);
  return {
    id: connection.id,
    host,
    port: positive(s.port, 2775),
    systemId,
    password,
    ...(systemType ? { systemType } : {}),
    window: positive(s.window, 10),
    messagesPerSecond: positive(s.messagesPerSecond, 100),
    ...(entityId
      ? {
          dlt: {
            entityId,
            entityIdTag: positive(s.dltEntityIdTag, 0x1400),
            templateIdTag: positive(s.dltTemplateIdTag, 0x1401),
          },
        }
      : {}),
    ...(connection.status === "disconnected"
      ? { disconnected: connection.statusReason ?? "SMS channel disconnected" }
      : {}),
  };
}
