import type { FormInstance } from 'antd';
import type { z } from 'zod';
import { ApiError } from './api-client';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from './form-errors';
import { i18n, translateMessage } from './i18n';
import { notifyError } from './notify';

/** Puts each message under its field; `_form` is for toasts, not fields. */
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

/** A '403' has already signed the user out and left the page: nothing more to say. */
export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && error.code === '403';
}

/** The spec's failure message, with the server's reason after it when there is one. */
export function failureText(message: string, error: unknown): string {
  const reason = error instanceof ApiError ? error.msg : '';
  return reason && reason !== message ? i18n.t('common:feedback.with_reason', { message, reason }) : message;
}

export interface ServerErrorOptions {
  /** The spec's message for this action ('Creation failed', …), shown as a toast. */
  fallback?: string;
  /** Where a '409' (a duplicate email or name) belongs, when the form has that field. */
  conflictField?: string;
}

/**
 * A rejected call from a form: a '400' puts each field's message under it, a '409' goes under
 * `conflictField`; anything else is a toast of the fallback with the server's reason, or of the
 * server's message. A '403' says nothing: the client has already gone to sign-in.
 */
export function showServerError(form: FormInstance, error: unknown, options: ServerErrorOptions = {}): void {
  const { fallback, conflictField } = options;
  if (isSignedOut(error)) return;
  if (!(error instanceof ApiError)) {
    notifyError(fallback ?? translateMessage('error.request_failed'));
    return;
  }
  if (Object.keys(error.fields).length > 0) {
    applyFieldErrors(form, serverFieldErrors(error.fields));
    if (fallback) notifyError(fallback);
    return;
  }
  if (error.code === '409' && conflictField && form.getFieldInstance(conflictField)) {
    applyFieldErrors(form, { [conflictField]: error.msg || translateMessage('error.request_failed') });
    if (fallback) notifyError(fallback);
    return;
  }
  notifyError(fallback ? failureText(fallback, error) : error.msg || translateMessage('error.request_failed'));
}
