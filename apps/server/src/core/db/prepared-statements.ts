import type pg from 'pg';

/** A statement run this many times in the process is prepared on each connection that runs it again. */
const RUNS_BEFORE_PREPARING = 3;
/** Prepared statements a connection keeps; the least recently used is deallocated past this. */
const STATEMENTS_PER_CONNECTION = 200;
/** Statement texts counted at most; the count starts over past this (one-off texts never fill it for long). */
const TEXTS_COUNTED = 10_000;

const runsOf = new Map<string, number>();

/** Whether a statement's text has run often enough to be worth a prepared statement. */
const isRepeated = (text: string): boolean => {
  const runs = (runsOf.get(text) ?? 0) + 1;
  if (runsOf.size >= TEXTS_COUNTED && runs === 1) runsOf.clear();
  runsOf.set(text, runs);
  return runs > RUNS_BEFORE_PREPARING;
};

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };

/**
 * Runs a connection's repeated statements as named prepared statements, as pgjdbc and asyncpg do:
 * PostgreSQL parses and plans an unnamed statement on every run, and for the product's statements (wide
 * rows, CTEs writing several tables) the planning cost as much as the execution: 0.3–0.7 ms a statement, a
 * quarter of the database's time while a run sends. Only parameterised statements (the simple protocol
 * of a text without values runs scripts such as migrations); each connection keeps its own, and a
 * name is never given to another text on it (one evicted may still be parsing when its DEALLOCATE is
 * queued behind it).
 */
export const prepareRepeatedStatements = (client: pg.PoolClient): void => {
  const nameOf = new Map<string, string>();
  let named = 0;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const nameFor = (text: string): string => {
    const known = nameOf.get(text);
    if (known) {
      // Map order is the recency order: move it last.
      nameOf.delete(text);
      nameOf.set(text, known);
      return known;
    }
    const [oldest] = nameOf;
    if (oldest && nameOf.size >= STATEMENTS_PER_CONNECTION) {
      nameOf.delete(oldest[0]);
      Promise.resolve(query(`deallocate "${oldest[1]}"`)).catch(() => undefined);
    }
    named += 1;
    const name = `conversa_${named}`;
    nameOf.set(text, name);
    return name;
  };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (
    config: unknown,
    ...rest: unknown[]
  ) => {
    // `query(text, values)` as `query({ text }, values)`: the same statement either way.
    const given = typeof config === 'string' ? { text: config } : config;
    if (typeof given !== 'object' || given === null) return query(config, ...rest);
    const { text, name, values, submit } = given as QueryConfig;
    const params = Array.isArray(rest[0]) ? rest[0] : values;
    // A submittable (a cursor, a stream) is passed as it is: a copy would lose its methods.
    const isPlain = name === undefined && submit === undefined && Array.isArray(params) && params.length > 0;
    if (typeof text !== 'string' || !isPlain || !isRepeated(text)) return query(config, ...rest);
    return query({ ...given, name: nameFor(text) }, ...rest);
  };
};
