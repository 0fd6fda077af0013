import type { FormInstance } from 'antd';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { translateMessage } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';

export function applyFieldErrors(form: FormInstance, errors: FieldErrors): void {
  form.setFields(
    Object.entries(errors)
      .filter(([name]) => name !== '_form')
      .map(([name, message]) => ({ name, errors: [message] })),
  );
}

/**
 * Validates form values with the contract's request schema before anything is sent, showing
 * each problem under its field in the user's language. Answers the parsed body, or null.
 */
export function validateWith<S extends z.ZodType>(schema: S, values: unknown, form: FormInstance): z.output<S> | null {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const errors = zodFieldErrors(result.error);
  applyFieldErrors(form, errors);
  if (errors._form) notifyError(errors._form);
  return null;
}

/**
 * A rejected call from a form: a '400' with fields goes under the fields; anything else is a
 * toast with the server's message (or `fallback`, for messages the spec fixes).
 */
export function showServerError(form: FormInstance, error: unknown, fallback?: string): void {
  if (error instanceof ApiError) {
    if (error.code === '403') return; // the session is gone and the client has already left
    const fields = Object.keys(error.fields);
    if (fields.length > 0) applyFieldErrors(form, serverFieldErrors(error.fields));
    if (fields.length === 0 || fallback) notifyError(fallback ?? (error.msg || translateMessage('error.request_failed')));
    return;
  }
  notifyError(fallback ?? translateMessage('error.request_failed'));
}
