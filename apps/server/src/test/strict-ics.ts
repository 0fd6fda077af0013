/**
 * A strict reader of iCalendar files (RFC 5545) for tests: it throws where a lenient calendar
 * app would guess. Lines end in CRLF only and no CR or LF stands anywhere else (readers that
 * split on a bare one would see a new property there); each physical line is at most 75
 * octets of valid UTF-8 on its own (a fold inside a character breaks it); TEXT values escape
 * `\`, `;`, `,` and line breaks, and nothing else follows a backslash.
 */
export interface IcsProperty {
  name: string;
  params: string;
  value: string;
}

const TEXT_PROPERTIES = new Set(['SUMMARY', 'DESCRIPTION', 'LOCATION', 'COMMENT', 'CATEGORIES']);

export function parseIcs(file: string): { properties: IcsProperty[]; text(name: string): string } {
  if (!file.endsWith('\r\n')) throw new Error('the file does not end with CRLF');
  const physical = file.slice(0, -2).split('\r\n');
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const logical: string[] = [];
  for (const [index, line] of physical.entries()) {
    if (/[\r\n]/.test(line)) throw new Error(`line ${index + 1} holds a bare CR or LF: ${JSON.stringify(line)}`);
    const bytes = Buffer.from(line, 'utf8');
    if (bytes.length > 75) throw new Error(`line ${index + 1} is ${bytes.length} octets`);
    // Folded lines are sent as they are: each must be whole UTF-8 by itself.
    decoder.decode(bytes);
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (logical.length === 0) throw new Error('the file starts with a continuation line');
      logical[logical.length - 1] += line.slice(1);
    } else {
      logical.push(line);
    }
  }
  const properties = logical.map((line, index) => {
    const match = /^([A-Z][A-Z0-9-]*)((?:;[^:]*)?):(.*)$/.exec(line);
    if (!match) throw new Error(`line ${index + 1} is no property: ${JSON.stringify(line)}`);
    return { name: match[1]!, params: match[2]!, value: match[3]! };
  });
  return {
    properties,
    text(name) {
      const found = properties.filter((property) => property.name === name);
      if (found.length !== 1) throw new Error(`${found.length} ${name} properties`);
      if (!TEXT_PROPERTIES.has(name)) return found[0]!.value;
      return unescapeText(found[0]!.value);
    },
  };
}

/** RFC 5545 §3.3.11: `\\`, `\;`, `\,`, `\n` or `\N`; a bare `;` or `,` is a list separator, not text. */
export function unescapeText(value: string): string {
  let out = '';
  for (let index = 0; index < value.length; index += 1) {
    const char = value[index]!;
    if (char === ';' || char === ',') throw new Error(`unescaped ${char} in ${JSON.stringify(value)}`);
    if (char !== '\\') {
      out += char;
      continue;
    }
    const next = value[index + 1];
    index += 1;
    if (next === '\\' || next === ';' || next === ',') out += next;
    else if (next === 'n' || next === 'N') out += '\n';
    else throw new Error(`bad escape \\${next ?? ''} in ${JSON.stringify(value)}`);
  }
  return out;
}
