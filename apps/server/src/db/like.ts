/**
 * Escapes the wildcards of a LIKE pattern, so a keyword is matched as typed. Shared by every
 * repository that searches text; it lives in db/ so repositories never import each other.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
