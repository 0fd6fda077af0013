import { messages } from '@electric-sql/pglite';

/**
 * PostgreSQL's replies to one call of extended-protocol messages (protocol 3.0, "Message
 * Formats"), read straight from the bytes PGlite hands back. PGlite's own reader copies every
 * value into a fresh buffer before decoding it and builds an object per message; here a value is
 * decoded once where it lies, and only what a query's answer needs is kept.
 */
export interface Replies {
  /** The statement's parameter types (a statement description). */
  paramTypes: number[];
  /** The columns (a statement description, or a query's row description). */
  fields: { name: string; dataTypeID: number }[] | null;
  /** The data rows, each value as PostgreSQL's text or null. */
  rows: (string | null)[][];
  /** The last command tag ("SELECT 2", "INSERT 0 1"). */
  command: string | null;
  /** The first error: later messages up to the sync are PostgreSQL skipping the rest. */
  error: InstanceType<typeof messages.DatabaseError> | null;
  /** NOTIFYs delivered to this session with the replies. */
  notifications: { channel: string; payload: string }[];
}

const ROW_DESCRIPTION = 0x54; // T
const PARAMETER_DESCRIPTION = 0x74; // t
const DATA_ROW = 0x44; // D
const COMMAND_COMPLETE = 0x43; // C
const ERROR_RESPONSE = 0x45; // E
const NOTIFICATION_RESPONSE = 0x41; // A

/** The error and notice fields' codes, as the protocol names them, and PGlite's names for them. */
const ERROR_FIELDS: Record<string, keyof InstanceType<typeof messages.DatabaseError>> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

export function readReplies(bytes: Uint8Array): Replies {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const replies: Replies = { paramTypes: [], fields: null, rows: [], command: null, error: null, notifications: [] };
  let at = 0;
  /** A NUL-terminated string from `at`, which moves past it. */
  const cstring = () => {
    const end = buffer.indexOf(0, at);
    const text = buffer.toString('utf8', at, end);
    at = end + 1;
    return text;
  };
  while (at + 5 <= buffer.length) {
    const code = buffer[at]!;
    const length = buffer.readInt32BE(at + 1);
    const end = at + 1 + length;
    at += 5;
    switch (code) {
      case DATA_ROW: {
        const count = buffer.readInt16BE(at);
        at += 2;
        const row: (string | null)[] = new Array(count);
        for (let i = 0; i < count; i++) {
          const length = buffer.readInt32BE(at);
          at += 4;
          if (length < 0) {
            row[i] = null;
          } else {
            row[i] = buffer.toString('utf8', at, at + length);
            at += length;
          }
        }
        replies.rows.push(row);
        break;
      }
      case ROW_DESCRIPTION: {
        const count = buffer.readInt16BE(at);
        at += 2;
        const fields = [];
        for (let i = 0; i < count; i++) {
          const name = cstring();
          // table oid (4), column number (2), then the type oid; type size, modifier, format after it.
          fields.push({ name, dataTypeID: buffer.readInt32BE(at + 6) });
          at += 18;
        }
        replies.fields = fields;
        break;
      }
      case PARAMETER_DESCRIPTION: {
        const count = buffer.readInt16BE(at);
        for (let i = 0; i < count; i++) replies.paramTypes.push(buffer.readUInt32BE(at + 2 + 4 * i));
        break;
      }
      case COMMAND_COMPLETE:
        replies.command = cstring();
        break;
      case ERROR_RESPONSE: {
        const values: Record<string, string> = {};
        while (buffer[at] !== 0 && at < end) {
          const field = String.fromCharCode(buffer[at]!);
          at += 1;
          values[field] = cstring();
        }
        if (!replies.error) {
          const error = new messages.DatabaseError(values.M ?? 'unknown error', length, 'error');
          for (const [field, key] of Object.entries(ERROR_FIELDS)) Object.assign(error, { [key]: values[field] });
          replies.error = error;
        }
        break;
      }
      case NOTIFICATION_RESPONSE: {
        at += 4; // the notifying backend's process id
        const channel = cstring();
        replies.notifications.push({ channel, payload: cstring() });
        break;
      }
      default:
        // Parse, bind and close completions, no data, notices, ready for query: nothing to keep.
        break;
    }
    at = end;
  }
  return replies;
}
