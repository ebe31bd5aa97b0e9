import { and, eq } from "drizzle-orm";
import { AUDIENCE_MAX_ROWS, type IngestExclusion } from "../../../../contract/domain/campaigns";
import { dltNumberProblem, dltVariablesProblem } from "../../../../contract/domain/dlt-route";
import { variableRefs, PERSONALISE_MESSAGES } from "../../../../contract/domain/personalise";
import type { Db } from "../../../db/client";
import { campaigns } from "../../../db/schema";
import type { Tx } from "../../../db/sql";
import type { Storage } from "../../../storage";
import { SEGMENT_AUDIENCE_MESSAGES } from "../../segments/audience";
import { campaignOnDltRoute, variableNames } from "../dlt-route";
import { storeDraftEstimate } from "../check";
import { recipientSmsParts, smsPartsPlan } from "../parts";
import type { CampaignRow } from "../reach";
import { transition } from "../status";
import { compileVariables, layoutOf, nameColumnOf } from "./columns";
import { batchNumbers, campaignContactsOwner, contactValuesOf, type ContactValues } from "./contact-values";
import { normalizeNumber, type NumberVerdict } from "./phone";
import { E164Set } from "./number-set";
import { JunkError, type AudienceRow } from "./rows";
import { AudienceError, clearAudience, INGEST_REASONS, openSource, smsBodyOf, type Source } from "./source";
import { batchWriter, type RecipientRow, type RejectedRow } from "./writer";
import { contactSaver } from "./save-contacts";
import { valuesAsSent } from "../../links/tracked";
import { inSlice, splitFraction, type Slice } from "../../../../contract/domain/splits";

/** The campaign's slice of a split audience (contract/domain/splits.ts); null: it reads the whole audience. */
function sliceOf(campaign: CampaignRow): (Slice & { salt: string }) | null {
  const { sliceLo: lo, sliceHi: hi, sliceSalt: salt } = campaign;
  return lo === null || hi === null || salt === null ? null : { lo, hi, salt };
}

export interface IngestOptions {
  db: Db;
  storage: Storage;
  /** Recipients per write (and per progress update). */
  batchSize?: number;
  maxRows?: number;
  /** How long the claim stays ours; every batch renews it, so only a dead process lets it lapse. */
  leaseMs: number;
  /** Aborted when the server stops: the read ends at the next batch and the campaign is due again at once. */
  signal?: AbortSignal;
}

/** A row's verdict: its number, or why the ingest leaves it out. */
type Verdict = Extract<NumberVerdict, { ok: true }> | { ok: false; reason: string; cause: IngestExclusion };

const SAMPLE_ROWS = 6;
const REJECTED_VALUE_MAX = 200;
const NAME_MAX = 200;

/**
 * Reads a campaign's audience into recipients (validating → ready, or failed with the reason).
 *
 * Re-runs: a run starts by deleting the campaign's recipients and rejected rows, so a run that died half-way (the
 * lease lapsed and the job claimed it again) starts over from the first row and ends with exactly one recipient per
 * valid number. Nothing was sent from a validating campaign, so nothing else depends on those rows.
 */
export async function ingestCampaign(options: IngestOptions, claimed: CampaignRow): Promise<CampaignRow | undefined> {
  const { db, storage, leaseMs } = options;
  const batchSize = options.batchSize ?? 5000;
  const maxRows = options.maxRows ?? AUDIENCE_MAX_ROWS;
  const lease = () => new Date(Date.now() + leaseMs);
  const campaign = await transition(
    db,
    claimed.id,
    "validating",
    {
      nextRunAt: lease(),
      readBytes: 0,
      rowsRead: 0,
      validCount: 0,
      invalidCount: 0,
      duplicateCount: 0,
      statusReason: null,
    },
    ["draft", "validating"],
  );
  if (!campaign) return undefined;
  await clearAudience(db, campaign.id);

  const writer = batchWriter(db);
  const saver = contactSaver(campaign, campaign.saveToContacts ? await campaignContactsOwner(db, campaign) : null);
  const seen = new E164Set();
  let recipients: RecipientRow[] = [];
  let rejected: RejectedRow[] = [];
  const counts = { rowsRead: 0, valid: 0, invalid: 0, duplicates: 0 };
  let source: Source | undefined;

  const write = async (
    batch: RecipientRow[],
    rejects: RejectedRow[],
    progress: typeof counts & { readBytes: number },
  ): Promise<boolean> => {
    await writer.recipients(campaign.id, campaign.userId, batch);
    await writer.rejected(campaign.id, rejects);
    // Renews the lease and reports progress; no row means the campaign was discarded meanwhile: stop reading.
    const { readBytes, rowsRead, valid, invalid, duplicates } = progress;
    const report = (conn: Db | Tx) =>
      conn
        .update(campaigns)
        .set({
          readBytes,
          rowsRead,
          validCount: valid,
          invalidCount: invalid,
          duplicateCount: duplicates,
          nextRunAt: lease(),
        })
        .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, "validating")))
        .returning({ id: campaigns.id });
    // Saving to contacts: the batch's contacts, their counts and the progress commit together (save-contacts.ts).
    const moved = saver
      ? await db.transaction(async (tx) => {
          await saver(tx, batch);
          return report(tx);
        })
      : await report(db);
    return moved.length > 0;
  };
  // One batch is written while the next is parsed (on PostgreSQL the COPY runs in the server meanwhile); the write
  // before it is awaited first, so at most two batches are in memory.
  let inFlight: Promise<boolean> = Promise.resolve(true);
  const flush = async (): Promise<boolean> => {
    if (!(await inFlight)) return false;
    inFlight = write(recipients, rejected, { ...counts, readBytes: source?.bytes() ?? 0 });
    // A failed write is rethrown by the next await; this keeps it from counting as unhandled meanwhile.
    inFlight.catch(() => undefined);
    recipients = [];
    rejected = [];
    return true;
  };

  try {
    source = await openSource(db, storage, campaign);
    const iterator = source.rows[Symbol.asyncIterator]();
    // The first rows (up to SAMPLE_ROWS with a value) decide the layout; every row pulled so far waits in `pending`.
    const pending: AudienceRow[] = [];
    let ended = false;
    const filled = (r: AudienceRow) => r.cells.some((c) => c.trim() !== "");
    while (!ended && pending.filter(filled).length < SAMPLE_ROWS) {
      const next = await iterator.next();
      if (next.done) ended = true;
      else pending.push(...next.value);
    }
    const sample = pending.filter(filled).slice(0, SAMPLE_ROWS);
    if (sample.length === 0) throw new AudienceError(INGEST_REASONS.empty);
    if (campaign.sourceKind === "segment" && sample.length === 1)
      throw new AudienceError(SEGMENT_AUDIENCE_MESSAGES.empty);
    const layout =
      campaign.sourceKind === "paste"
        ? { hasHeader: false, phoneColumn: 0, header: [] }
        : layoutOf(sample.map((r) => r.cells));
    if (!layout) throw new AudienceError(INGEST_REASONS.noPhoneColumn);
    // The header is the first row with a value; rows before it are blank.
    const firstData = layout.hasHeader ? pending.indexOf(sample[0]) + 1 : 0;
    const values = [...campaign.variables, ...(campaign.failover?.params ?? [])];
    const resolve = compileVariables(values, layout.header);
    if ("missing" in resolve) throw new AudienceError(INGEST_REASONS.missingColumns(resolve.missing));
    const perRow = values.some((v) => v.includes("{{"));
    // `{{contact.x}}` values come from the owner's contacts, looked up once per batch of rows (contact-values.ts).
    const contactOwner = variableRefs(values, "contact").length ? await campaignContactsOwner(db, campaign) : null;
    const phone = layout.phoneColumn;
    const nameColumn = nameColumnOf(layout.header);
    const region = campaign.defaultRegion;
    // On a DLT route a row is valid only when the operators would carry it: an Indian mobile, every {#var#} value
    // within DLT's limit. The SMS's own values are the campaign's variables (failover params belong to other routes).
    const dlt = await campaignOnDltRoute(db, campaign);
    const smsValues = campaign.variables.length;
    const names = variableNames(campaign.variables);
    // A tracked campaign's URL values go out as short links: DLT's limit and the parts count those.
    const linkOrigin = campaign.linkOrigin ?? undefined;
    const onRoute = (verdict: NumberVerdict, rendered: readonly string[]): Verdict => {
      if (!verdict.ok) return { ...verdict, cause: "invalid" };
      if (!dlt) return verdict;
      const number = dltNumberProblem(verdict.e164);
      if (number) return { ok: false, reason: number, cause: "dltNumber" };
      const variable = dltVariablesProblem(valuesAsSent(rendered.slice(0, smsValues), linkOrigin), names);
      return variable ? { ok: false, reason: variable, cause: "dltVariable" } : verdict;
    };

    // Each recipient's SMS parts (its own SMS, or its failover's), so the estimate and the hold are exact sums.
    const partsPlan = smsPartsPlan(campaign, await smsBodyOf(db, campaign));
    const slice = sliceOf(campaign);

    const take = (item: AudienceRow, contactOf: ReadonlyMap<string, ContactValues>) => {
      const raw = item.cells[phone] ?? "";
      // Blank lines and rows with every cell empty are not audience rows.
      if (raw.trim() === "" && item.cells.every((c) => c.trim() === "")) return;
      const number = normalizeNumber(raw, region);
      // An A/B test's campaign reads only its slice: the other numbers are the other variants' (or the winner's).
      if (slice && number.ok && !inSlice(splitFraction(slice.salt, number.e164), slice)) return;
      counts.rowsRead++;
      const resolved = perRow && number.ok ? resolve(item.cells, contactOf.get(number.e164)) : null;
      const variables = resolved?.ok ? resolved.values : null;
      const verdict: Verdict =
        resolved && !resolved.ok
          ? { ok: false, reason: PERSONALISE_MESSAGES.noValue(resolved.missing), cause: "noValue" }
          : onRoute(number, variables ?? values);
      if (!verdict.ok) {
        counts.invalid++;
        rejected.push({
          row: item.row,
          value: raw.slice(0, REJECTED_VALUE_MAX),
          kind: "invalid",
          cause: verdict.cause,
          reason: verdict.reason,
        });
      } else if (seen.has(verdict.e164)) {
        counts.duplicates++;
        rejected.push({
          row: item.row,
          value: raw.slice(0, REJECTED_VALUE_MAX),
          kind: "duplicate",
          cause: "duplicate",
          reason: `Duplicate of ${verdict.e164}`,
        });
      } else {
        seen.add(verdict.e164);
        counts.valid++;
        const name = nameColumn >= 0 ? (item.cells[nameColumn] ?? "").trim().slice(0, NAME_MAX) : "";
        recipients.push({
          row: item.row,
          number: verdict.e164,
          variables,
          name: name || null,
          smsParts: recipientSmsParts(partsPlan, variables, linkOrigin),
        });
      }
    };

    const none = new Map<string, ContactValues>();
    const takeAll = async (items: readonly AudienceRow[], from = 0) => {
      const contactOf = contactOwner
        ? await contactValuesOf(db, contactOwner, batchNumbers(items, from, phone, region))
        : none;
      for (let i = from; i < items.length; i++) {
        take(items[i], contactOf);
        if (counts.rowsRead > maxRows) throw new AudienceError(INGEST_REASONS.tooMany(maxRows));
      }
    };
    await takeAll(pending, firstData);
    while (!ended) {
      if (options.signal?.aborted) {
        // Shutting down: another process starts this audience over (a re-run begins by clearing), now, not after the
        // lease.
        await inFlight.catch(() => undefined);
        await iterator.return?.();
        await db
          .update(campaigns)
          .set({ nextRunAt: new Date() })
          .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, "validating")));
        return undefined;
      }
      if (recipients.length >= batchSize || rejected.length >= batchSize) {
        if (!(await flush())) return undefined;
      }
      const next = await iterator.next();
      if (next.done) break;
      await takeAll(next.value);
    }
    if (counts.rowsRead === 0)
      throw new AudienceError(layout.hasHeader ? INGEST_REASONS.headerOnly : INGEST_REASONS.empty);
    if (!(await flush()) || !(await inFlight)) return undefined;
    if (counts.valid === 0) {
      // The rejected rows stay: they say why nothing was usable.
      return transition(
        db,
        campaign.id,
        "failed",
        { statusReason: INGEST_REASONS.noValid, nextRunAt: null, readBytes: campaign.totalBytes },
        ["validating"],
      );
    }
    // A campaign left at the check step shows its cost in the list, its report and the Start dialog from the moment
    // it is ready: the estimate is stored in the transaction that makes it so, never a ₹0.00 read in between.
    return await db.transaction(async (tx) => {
      const ready = await transition(
        tx,
        campaign.id,
        "ready",
        { nextRunAt: null, readBytes: campaign.totalBytes, statusReason: null },
        ["validating"],
      );
      return ready ? ((await storeDraftEstimate(tx, ready, new Date())) ?? ready) : ready;
    });
  } catch (error) {
    // A write still under way must end before the cleanup deletes behind it.
    await inFlight.catch(() => undefined);
    const reason = error instanceof AudienceError || error instanceof JunkError ? error.message : undefined;
    if (!reason) throw error;
    await clearAudience(db, campaign.id);
    return transition(
      db,
      campaign.id,
      "failed",
      { statusReason: reason, nextRunAt: null, rowsRead: 0, validCount: 0, invalidCount: 0, duplicateCount: 0 },
      ["validating"],
    );
  }
}
