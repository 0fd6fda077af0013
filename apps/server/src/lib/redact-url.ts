/**
 * Query parameters that are a credential by themselves: a signed file link's signature (local
 * storage's `signature`, S3's `X-Amz-Signature` and session token), and the usual names of a
 * token in a link. Whoever reads a log line holding one could open the file until it expires,
 * and logs are kept longer and read by more people than the files' own permissions allow.
 */
const SECRET_PARAMETERS = new Set(['signature', 'sig', 'x-amz-signature', 'x-amz-security-token', 'x-amz-credential', 'token', 'access_token']);

export const REDACTED = '[redacted]';

function nameOf(rawName: string): string {
  try {
    return decodeURIComponent(rawName.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return rawName.toLowerCase();
  }
}

/**
 * The URL for a log line: every secret parameter's value replaced by `[redacted]`, the rest as
 * it came (path, order, the other parameters and their encoding), so a line still tells which
 * file was asked for and until when the link ran.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const hashAt = url.indexOf('#', start);
  const end = hashAt === -1 ? url.length : hashAt;
  const query = url
    .slice(start + 1, end)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      return SECRET_PARAMETERS.has(nameOf(rawName)) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, start + 1)}${query}${url.slice(end)}`;
}
