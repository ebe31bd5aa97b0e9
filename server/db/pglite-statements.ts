import {
  MemoryFS,
  messages,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

type Parser = (value: string, typeId: number) => unknown;
type Field = { name: string; dataTypeID: number };

/** A statement parsed once under its own name; `decoders` are per result column, per query options object. */
interface Statement {
  name: string;
  paramTypes: number[];
  fields: Field[];
  decoders: WeakMap<QueryOptions, Parser[]>;
}

/** Named statements kept by default; the least recently used one is closed when a new one needs room. */
const MAX_STATEMENTS = 128;
/**
 * PostgreSQL's feature_not_supported: a cached plan whose result shape changed after DDL ("must not change result
 * type").
 */
const STALE_PLAN = "0A000";

/** Process-wide, so two instances on one PGlite never pick the same name. */
let lastName = 0;

/** Texts that every PGlite of the process runs as named statements (client.ts hot()), beside each one's own. */
const hotEverywhere = new Set<string>();
export function markHotEverywhere(text: string): void {
  hotEverywhere.add(text);
}

const identity: Parser = (value) => value;

/**
 * PGlite's query() runs Parse, Describe, Bind, Describe, Execute and Sync as six calls into PostgreSQL for every
 * query, so each one is parsed, analysed and planned again, and its decoding copies the whole parser table.
 * Texts marked hot here are parsed once as a named statement and then cost one call (Bind, Execute, Sync), with
 * column decoders chosen once. They always run their generic plan, so they are planned once too: left to itself
 * PostgreSQL re-plans a statement whose generic plan looks dearer than a custom one (the users list, whose LIMIT
 * is a parameter, was planned on every call). Only marked texts take this path: its answers bypass PGlite's
 * notification dispatch, so a statement that could NOTIFY must not be marked.
 */
export class PgliteStatements {
  readonly #client: PGlite;
  readonly #hot = new Set<string>();
  /** Insertion order is recency order: a hit is moved to the end. */
  readonly #statements = new Map<string, Statement>();
  #pendingClose: Uint8Array[] = [];
  /** Bind+Execute of the local setting that forces a generic plan; empty until the first prepare parsed it. */
  #generic: Uint8Array = new Uint8Array(0);
  /** Bind+Execute of the local setting back to the default choice between generic and custom plans. */
  #auto: Uint8Array = new Uint8Array(0);

  readonly #max: number;
  /**
   * Whether an execution ends with PGlite's syncToFs. On a data directory or in memory, Emscripten's file systems
   * write through at once and syncToFs does nothing, but it still costs a lock and a few promises (a tenth of a
   * balance read); other file systems (IndexedDB, OPFS) keep it.
   */
  readonly #syncs: boolean;

  constructor(client: PGlite, { maxStatements = MAX_STATEMENTS }: { maxStatements?: number } = {}) {
    this.#client = client;
    this.#max = maxStatements;
    this.#syncs = !(client.fs instanceof NodeFS || client.fs instanceof MemoryFS);
  }

  /** Runs this SQL text as a named statement from now on. */
  markHot(text: string): void {
    this.#hot.add(text);
  }

  /**
   * PGlite's query(); a hot text gives the same answer through its named statement. That path holds both of
   * PGlite's locks, as query() does, so it never runs between the statements of someone else's transaction.
   */
  async query<T>(text: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    if (!this.#isHot(text)) return this.#client.query<T>(text, params, options);
    await this.#client._checkReady();
    return this.#client._runExclusiveTransaction(() =>
      this.#client.runExclusive(() => this.#runAgainIfStale<T>(text, params, options, false)),
    );
  }

  /**
   * A transaction whose hot texts go through their named statements too. The transaction holds PGlite's transaction
   * lock already; a statement of it takes the query lock, as the transaction's own query() does.
   */
  inTransaction(tx: Transaction): Transaction {
    const query = <T>(text: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> =>
      this.#isHot(text)
        ? this.#client.runExclusive(() => this.#runAgainIfStale<T>(text, params, options, true))
        : tx.query<T>(text, params, options);
    return new Proxy(tx, {
      get: (target, property) => (property === "query" ? query : Reflect.get(target, property, target)),
    });
  }

  #isHot(text: string): boolean {
    return this.#hot.has(text) || hotEverywhere.has(text);
  }

  async #runAgainIfStale<T>(
    text: string,
    params: unknown[],
    options: QueryOptions,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    try {
      return await this.#run<T>(text, params, options, inTransaction);
    } catch (error) {
      // Inside a transaction the error has aborted it: nothing can run again there.
      if ((error as messages.DatabaseError).code !== STALE_PLAN || inTransaction)
        throw withQuery(error, text, params, options);
      // After DDL the plan's result shape changed: prepare the text again, once.
      this.#forget(text);
      return await this.#run<T>(text, params, options, false).catch((again: unknown) => {
        throw withQuery(again, text, params, options);
      });
    }
  }

  async #run<T>(text: string, params: unknown[], options: QueryOptions, inTransaction: boolean): Promise<Results<T>> {
    const statement = this.#statements.get(text) ?? (await this.#prepare(text));
    this.#statements.delete(text);
    this.#statements.set(text, statement);
    const values = params.map((param, i) => this.#serialize(param, statement.paramTypes[i], options));
    // A local setting lasts until the implicit transaction of this call ends at Sync, so it never outlives the call.
    // (set_config, not SET LOCAL: outside BEGIN the latter works the same but logs a warning every time.) Inside a
    // transaction it would last to its end and plan the transaction's other statements generically too: set back.
    const bind = protocol.serialize.bind({ statement: statement.name, values });
    const parts = [
      this.#generic,
      bind,
      protocol.serialize.execute(),
      ...(inTransaction ? [this.#auto] : []),
      protocol.serialize.sync(),
    ];
    const reply = await this.#exchange(parts);
    const result = this.#decode<T>(reply, statement, options);
    if (this.#syncs) await this.#client.syncToFs();
    return result;
  }

  async #prepare(text: string): Promise<Statement> {
    if (this.#statements.size >= this.#max) {
      const [oldest] = this.#statements.keys();
      this.#forget(oldest);
    }
    const name = `pgl_hot_${(lastName += 1)}`;
    const closes = this.#pendingClose;
    this.#pendingClose = [];
    const setup = this.#generic.length ? [] : this.#prepareGenericSwitch();
    const reply = await this.#exchange([
      ...closes,
      ...setup,
      protocol.serialize.parse({ name, text }),
      protocol.serialize.describe({ type: "S", name }),
      protocol.serialize.sync(),
    ]);
    const statement: Statement = { name, paramTypes: [], fields: [], decoders: new WeakMap() };
    for (const message of parseMessages(reply)) {
      if (message instanceof messages.DatabaseError) throw message;
      if (message.name === "parameterDescription")
        statement.paramTypes = (message as messages.ParameterDescriptionMessage).dataTypeIDs;
      if (message.name === "rowDescription") {
        statement.fields = (message as messages.RowDescriptionMessage).fields.map((f) => ({
          name: f.name,
          dataTypeID: f.dataTypeID,
        }));
      }
    }
    this.#statements.set(text, statement);
    return statement;
  }

  /** The Parses of the local settings that force a generic plan and set it back; keeps their Bind+Executes. */
  #prepareGenericSwitch(): Uint8Array[] {
    const generic = `pgl_hot_${(lastName += 1)}`;
    const auto = `pgl_hot_${(lastName += 1)}`;
    this.#generic = concat([protocol.serialize.bind({ statement: generic }), protocol.serialize.execute()]);
    this.#auto = concat([protocol.serialize.bind({ statement: auto }), protocol.serialize.execute()]);
    return [
      protocol.serialize.parse({
        name: generic,
        text: "select set_config('plan_cache_mode', 'force_generic_plan', true)",
      }),
      protocol.serialize.parse({ name: auto, text: "select set_config('plan_cache_mode', 'auto', true)" }),
    ];
  }

  /** Drops a statement; PostgreSQL closes it at the start of the next prepare. */
  #forget(text: string): void {
    const statement = this.#statements.get(text);
    if (!statement) return;
    this.#statements.delete(text);
    this.#pendingClose.push(protocol.serialize.close({ type: "S", name: statement.name }));
  }

  #serialize(param: unknown, typeId: number | undefined, options: QueryOptions): string | null {
    if (param === null || param === undefined) return null;
    const serialize =
      typeId === undefined ? undefined : (options.serializers?.[typeId] ?? this.#client.serializers[typeId]);
    return serialize ? (serialize(param) as string) : String(param);
  }

  #decoders(statement: Statement, options: QueryOptions): Parser[] {
    let decoders = statement.decoders.get(options);
    if (!decoders) {
      const custom = options.parsers ?? {};
      const builtIn = this.#client.parsers;
      decoders = statement.fields.map((f) => (custom[f.dataTypeID] ?? builtIn[f.dataTypeID] ?? identity) as Parser);
      statement.decoders.set(options, decoders);
    }
    return decoders;
  }

  /**
   * Sends protocol messages and returns PostgreSQL's answer as written. The streaming call keeps PGlite from
   * parsing (and collecting) the answer itself, which its plain raw call does.
   */
  async #exchange(parts: Uint8Array[]): Promise<Buffer> {
    const chunks: Buffer[] = [];
    // The chunks are views into PGlite's memory, reused by the next call: copied.
    await this.#client.execProtocolRawStream(concat(parts), {
      syncToFs: false,
      onRawData: (bytes) => chunks.push(Buffer.from(bytes)),
    });
    return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
  }

  /** The rows of an execution's answer, decoded straight from the bytes (its hottest part: one string per field). */
  #decode<T>(answer: Buffer, statement: Statement, options: QueryOptions): Results<T> {
    const decoders = this.#decoders(statement, options);
    const { fields } = statement;
    const asArray = options.rowMode === "array";
    const rows: unknown[] = [];
    const result: Results<T> = { rows: rows as Results<T>["rows"], fields, affectedRows: 0 };
    let error: messages.DatabaseError | undefined;
    // The setting's answer (one row, then its command tag) comes first.
    let commands = 0;
    let at = 0;
    while (at + 5 <= answer.length) {
      const code = answer[at];
      const end = at + 1 + answer.readUInt32BE(at + 1);
      if (code === DATA_ROW && commands === 1) {
        const count = answer.readUInt16BE(at + 5);
        const row: unknown[] = new Array<unknown>(count);
        let p = at + 7;
        for (let i = 0; i < count; i += 1) {
          const length = answer.readInt32BE(p);
          p += 4;
          if (length < 0) row[i] = null;
          else {
            row[i] = decoders[i](answer.toString("utf8", p, p + length), fields[i].dataTypeID);
            p += length;
          }
        }
        rows.push(asArray ? row : Object.fromEntries(row.map((value, i) => [fields[i].name, value])));
      } else if (code === COMMAND_COMPLETE && (commands += 1) === 2) {
        const parts = answer.toString("utf8", at + 5, end - 1).split(" ");
        const count = Number.parseInt(parts[parts.length - 1], 10);
        result.command = parts[0];
        if (!Number.isNaN(count)) result.rowCount = count;
        if (["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"].includes(parts[0])) result.affectedRows = count;
      } else if (code === ERROR && !error) {
        // Rare: pg-protocol builds the error with every field PostgreSQL sent.
        error = parseMessages(answer.subarray(at, end)).find(
          (m): m is messages.DatabaseError => m instanceof messages.DatabaseError,
        );
      }
      at = end;
    }
    if (error) throw error;
    return result;
  }
}

const DATA_ROW = 0x44;
const COMMAND_COMPLETE = 0x43;
const ERROR = 0x45;

/** PostgreSQL's error carries the query, as PGlite's query() does (makePGliteError). */
function withQuery(error: unknown, query: string, params: unknown[], queryOptions: QueryOptions): unknown {
  return error instanceof messages.DatabaseError ? Object.assign(error, { query, params, queryOptions }) : error;
}

function parseMessages(bytes: Uint8Array): messages.BackendMessage[] {
  const out: messages.BackendMessage[] = [];
  new protocol.Parser().parse(bytes, (message) => out.push(message));
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
