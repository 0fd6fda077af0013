import type { AuditEntry } from '@nearcast/contract';
import type { TFunction } from 'i18next';

/** An entry as a table row: the data table keys rows by `id`. */
export type AuditRow = AuditEntry & { id: number };

export const toRows = (list: AuditEntry[]): AuditRow[] => list.map((entry) => ({ ...entry, id: entry.seq }));

/** What was changed, as a reader names it: "Package · Gold (#7)". */
export function targetText(t: TFunction, entry: AuditEntry): string {
  const kind = t(`audit:targets.${entry.target_type}`);
  return entry.target_label ? `${kind} · ${entry.target_label} (#${entry.target_id})` : `${kind} #${entry.target_id}`;
}

/** A recorded value as text: what the table and the export show. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

/** Every field either side names, with its value before and after; the changed ones first. */
export function changesOf(entry: Pick<AuditEntry, 'before' | 'after'>): FieldChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const rows = fields.map((field) => {
    const was = before[field];
    const now = after[field];
    const changed = entry.before === null || entry.after === null || JSON.stringify(was) !== JSON.stringify(now);
    return { field, before: was, after: now, changed };
  });
  return [...rows.filter((row) => row.changed), ...rows.filter((row) => !row.changed)];
}
