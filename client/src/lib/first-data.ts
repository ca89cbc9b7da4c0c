import type { ApolloClient, DocumentNode } from '@apollo/client';

// The first data of a gallery page (issue 22; server/firstdata.go, the
// contract in docs/api.md): the server writes into the page the answers of
// the queries the client sends when it opens the address, in
// <script type="application/json" id="first-data">. They are written into
// Apollo's cache before the first render, so that the opening screen's
// queries (cache-first) find them there and send nothing. A query's answer
// is written once its screen's document is known: the app's at start
// (main.tsx), a lazy screen's when its code arrives (photo-page.tsx). The
// page holds only what the API would answer this viewer; an answer it does
// not hold (an error, a gallery known from an earlier visit, which asks
// for its shell with the cart) is asked for as without first data.

/** FIRST_DATA_ID is the id of the page's first-data element. */
export const FIRST_DATA_ID = 'first-data';

/** FirstOp is one query of the first data: its operation's name, its variables and its answer's data. */
export interface FirstOp {
  op: string;
  variables: Record<string, unknown>;
  data: Record<string, unknown>;
}

function isFirstOp(value: unknown): value is FirstOp {
  if (!value || typeof value !== 'object') return false;
  const op = value as Partial<FirstOp>;
  return typeof op.op === 'string' && !!op.variables && typeof op.variables === 'object' && !!op.data && typeof op.data === 'object';
}

/**
 * readFirstData takes the first data out of the page (the element is
 * removed: it is read once); none when the page holds none or it does not
 * decode (the screens then ask for everything).
 */
export function readFirstData(doc: Document = document): FirstOp[] {
  const element = doc.getElementById(FIRST_DATA_ID);
  if (!element) return [];
  element.remove();
  try {
    const parsed = JSON.parse(element.textContent ?? '') as { v?: unknown; ops?: unknown };
    if (parsed.v !== 1 || !Array.isArray(parsed.ops)) return [];
    return parsed.ops.filter(isFirstOp);
  } catch {
    return [];
  }
}

let pending: FirstOp[] = [];
let target: ApolloClient | undefined;

/** startFirstData keeps the page's first data for `client`, to write as the documents become known. */
export function startFirstData(client: ApolloClient, ops: FirstOp[] = readFirstData()): void {
  target = client;
  pending = ops;
}

/**
 * restoreFirstData writes into the cache the first data of the operations
 * named in `documents` (operation name -> its document), once each. It
 * returns the names written. A write that fails is left to the screen's
 * query.
 */
export function restoreFirstData(documents: Record<string, DocumentNode>): string[] {
  const client = target;
  if (!client) return [];
  const written: string[] = [];
  pending = pending.filter((op) => {
    const query = documents[op.op];
    if (!query) return true;
    try {
      client.writeQuery({ query, variables: op.variables, data: op.data });
      written.push(op.op);
    } catch {
      // The screen asks.
    }
    return false;
  });
  return written;
}
