import type { z } from 'zod';
import { translateMessage } from './i18n';

export type FieldErrors = Record<string, string>;

/**
 * The contract's schemas carry message keys as issue messages; this renders them in the
 * current language, first problem per field (the form shows one line per field).
 */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '_form';
    if (field in errors) continue;
    const params: Record<string, unknown> = {};
    if ('minimum' in issue) params.min = issue.minimum;
    if ('maximum' in issue) params.max = issue.maximum;
    if (issue.code === 'unrecognized_keys') params.field = issue.keys.join(', ');
    errors[field] = translateMessage(issue.message, params);
  }
  return errors;
}

/** Server '400' fields already speak the request's language; unknown keys pass through. */
export function serverFieldErrors(fields: Record<string, string>): FieldErrors {
  return Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, translateMessage(message)]));
}
