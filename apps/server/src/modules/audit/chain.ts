import { createHash } from 'node:crypto';

/**
 * The audit log's hash chain. Each entry's hash is SHA-256 over the previous entry's hash and the
 * entry's own content in a canonical JSON form (keys sorted at every level), so the same content
 * always hashes alike however the database hands it back (jsonb reorders keys). The first entry
 * follows GENESIS. Changing any field of a row, removing a row or slipping one in breaks the
 * chain from that row on, and `firstBreak` names the first row where it no longer holds.
 */

export const GENESIS = '0'.repeat(64);

/** What an entry's hash covers: every column except the hashes themselves. */
export interface ChainedContent {
  seq: number;
  at: string;
  actorId: number | null;
  actorRole: string | null;
  actorEmail: string | null;
  ip: string | null;
  userAgent: string | null;
  action: string;
  targetType: string;
  targetId: string;
  targetLabel: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface ChainedRow extends ChainedContent {
  prevHash: string;
  hash: string;
}

/** JSON with every object's keys in order, so equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

export function entryHash(prevHash: string, content: ChainedContent): string {
  return createHash('sha256').update(prevHash).update('\n').update(canonicalJson(content)).digest('hex');
}

export interface ChainBreak {
  seq: number;
  reason: 'gap' | 'link' | 'content';
}

/**
 * Walks rows in `seq` order, carrying the last hash from one call to the next (the log is read
 * in pages): answers the first break, or null with the state to continue from.
 */
export function firstBreak(rows: readonly ChainedRow[], from: { seq: number; hash: string }): { broken: ChainBreak | null; last: { seq: number; hash: string } } {
  let last = from;
  for (const row of rows) {
    if (row.seq !== last.seq + 1) return { broken: { seq: last.seq + 1, reason: 'gap' }, last };
    if (row.prevHash !== last.hash) return { broken: { seq: row.seq, reason: 'link' }, last };
    const { prevHash: _prev, hash, ...content } = row;
    if (entryHash(row.prevHash, content) !== hash) return { broken: { seq: row.seq, reason: 'content' }, last };
    last = { seq: row.seq, hash };
  }
  return { broken: null, last };
}
