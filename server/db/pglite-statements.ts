import { messages, protocol, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";

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
/** PostgreSQL's feature_not_supported: a cached plan whose result shape changed after DDL ("must not change result type"). */
const STALE_PLAN = "0A000";

/** Process-wide, so two instances on one PGlite never pick the same name. */
let lastName = 0;

const identity: Parser = (value) => value;

/**
 * PGlite's query() runs Parse, Describe, Bind, Describe, Execute and Sync as six calls into PostgreSQL for every
 * query, so each one is parsed, analysed and planned again, and its decoding copies the whole parser table.
 * Texts marked hot here are parsed once as a named statement and then cost one call (Bind, Execute, Sync), with
 * PostgreSQL's plan cache and column decoders chosen once. Only marked texts take this path: its answers bypass
 * PGlite's notification dispatch, so a statement that could NOTIFY must not be marked.
 */
export class PgliteStatements {
  readonly #client: PGlite;
  readonly #hot = new Set<string>();
  /** Insertion order is recency order: a hit is moved to the end. */
  readonly #statements = new Map<string, Statement>();
  #pendingClose: Uint8Array[] = [];

  readonly #max: number;

  constructor(client: PGlite, { maxStatements = MAX_STATEMENTS }: { maxStatements?: number } = {}) {
    this.#client = client;
    this.#max = maxStatements;
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
    if (!this.#hot.has(text)) return this.#client.query<T>(text, params, options);
    await this.#client._checkReady();
    return this.#client._runExclusiveTransaction(() =>
      this.#client.runExclusive(async () => {
        try {
          return await this.#run<T>(text, params, options);
        } catch (error) {
          if ((error as messages.DatabaseError).code !== STALE_PLAN) throw error;
          // After DDL the plan's result shape changed: prepare the text again, once.
          this.#forget(text);
          return await this.#run<T>(text, params, options);
        }
      }),
    );
  }

  async #run<T>(text: string, params: unknown[], options: QueryOptions): Promise<Results<T>> {
    const statement = this.#statements.get(text) ?? (await this.#prepare(text));
    this.#statements.delete(text);
    this.#statements.set(text, statement);
    const values = params.map((param, i) => this.#serialize(param, statement.paramTypes[i], options));
    const reply = await this.#client.execProtocolRaw(
      concat([protocol.serialize.bind({ statement: statement.name, values }), protocol.serialize.execute(), protocol.serialize.sync()]),
      { syncToFs: false },
    );
    const result = this.#decode<T>(reply, statement, options);
    await this.#client.syncToFs();
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
    const reply = await this.#client.execProtocolRaw(
      concat([...closes, protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: "S", name }), protocol.serialize.sync()]),
      { syncToFs: false },
    );
    const statement: Statement = { name, paramTypes: [], fields: [], decoders: new WeakMap() };
    for (const message of parseMessages(reply)) {
      if (message instanceof messages.DatabaseError) throw message;
      if (message.name === "parameterDescription") statement.paramTypes = (message as messages.ParameterDescriptionMessage).dataTypeIDs;
      if (message.name === "rowDescription") {
        statement.fields = (message as messages.RowDescriptionMessage).fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
      }
    }
    this.#statements.set(text, statement);
    return statement;
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
    const serialize = typeId === undefined ? undefined : (options.serializers?.[typeId] ?? this.#client.serializers[typeId]);
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

  #decode<T>(reply: Uint8Array, statement: Statement, options: QueryOptions): Results<T> {
    const decoders = this.#decoders(statement, options);
    const { fields } = statement;
    const rows: unknown[] = [];
    const result: Results<T> = { rows: rows as Results<T>["rows"], fields, affectedRows: 0 };
    let error: messages.DatabaseError | undefined;
    for (const message of parseMessages(reply)) {
      if (message instanceof messages.DatabaseError) {
        error ??= message;
      } else if (message.name === "dataRow") {
        const values = (message as messages.DataRowMessage).fields;
        const row = values.map((value, i) => (value === null ? null : decoders[i](value, fields[i].dataTypeID)));
        rows.push(options.rowMode === "array" ? row : Object.fromEntries(row.map((value, i) => [fields[i].name, value])));
      } else if (message.name === "commandComplete") {
        const parts = (message as messages.CommandCompleteMessage).text.split(" ");
        const count = Number.parseInt(parts[parts.length - 1], 10);
        result.command = parts[0];
        if (!Number.isNaN(count)) result.rowCount = count;
        if (["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"].includes(parts[0])) result.affectedRows = count;
      }
    }
    if (error) throw error;
    return result;
  }
}

function parseMessages(reply: Uint8Array): messages.BackendMessage[] {
  const out: messages.BackendMessage[] = [];
  // A parser per reply: a failed reply must not leave half a message behind for the next one.
  new protocol.Parser().parse(reply, (message) => out.push(message));
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
