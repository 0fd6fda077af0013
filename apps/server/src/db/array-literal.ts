import { sql, type SQL } from 'drizzle-orm';

/**
 * A whole column of values as one array literal in the statement's text (`'{1,2,3}'::bigint[]`),
 * for `unnest` to turn back into rows. A statement of thousands of rows built as one drizzle
 * fragment per value spends most of its time building itself (the dashboard's replay of a
 * million events did, in drizzle's query builder); one literal per column costs a string join.
 * Values are made safe here: numbers truncated to integers, text quoted and escaped for both
 * the array syntax and the SQL string around it; a null is the array's NULL.
 */
export function intArrayLiteral(values: readonly (number | string | null)[], type: 'int' | 'bigint' = 'bigint'): SQL {
  return sql.raw(`'{${values.map((value) => (value === null ? 'NULL' : String(Math.trunc(Number(value)) || 0))).join(',')}}'::${type}[]`);
}

export function textArrayLiteral(values: readonly (string | null)[], type: 'text' | 'date' | 'timestamptz' = 'text'): SQL {
  const element = (value: string | null) => (value === null ? 'NULL' : `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
  return sql.raw(`'{${values.map(element).join(',').replace(/'/g, "''")}}'::${type}[]`);
}
