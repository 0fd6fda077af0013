import type { FormInstance } from 'antd';
import type { z } from 'zod';
import { ApiError, isAbort } from './api-client';
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

/** The schema and body of each form's last submit, so a field can be checked again as it is edited. */
const lastChecks = new WeakMap<FormInstance, { schema: z.ZodType; values: Record<string, unknown>; errors: FieldErrors }>();

/**
 * One behaviour for every form, wired to its `onValuesChange`: a message under a field goes as
 * soon as the field is valid. The forms validate with the contract's schemas on submit and put
 * the messages there by hand (antd rules would duplicate the schemas), and antd only clears a
 * message by running a field's rules, so without this a fixed field kept saying it was wrong.
 *
 * A field the user edits is checked again with the schema of the last submit: valid, its
 * message goes; still wrong, it says what is wrong now. Any other field showing the schema's
 * message (a confirmation that now matches the password) loses it once the schema no longer objects.
 * A field the schema cannot judge (not in the body, or held in another shape) clears on edit.
 */
export function recheckFields(form: FormInstance, changed: object): void {
  const showing = form.getFieldsError().filter((field) => field.errors.length > 0);
  if (showing.length === 0) return;
  const edited = new Set(Object.keys(changed));
  const last = lastChecks.get(form);
  const current = form.getFieldsValue(true) as Record<string, unknown>;
  // Judged: the fields whose current value can stand in the body the schema checks.
  const judged = new Set<string>();
  let errors: FieldErrors = {};
  if (last) {
    const body: Record<string, unknown> = { ...last.values };
    for (const [key, sent] of Object.entries(last.values)) {
      if (!(key in current)) continue;
      const value = current[key] ?? (typeof sent === 'string' ? '' : current[key]);
      if (typeof value !== typeof sent && !(value === null || sent === null)) continue;
      body[key] = value;
      judged.add(key);
    }
    const result = last.schema.safeParse(body);
    errors = result.success ? {} : zodFieldErrors(result.error);
  }
  const updates = showing.flatMap(({ name }) => {
    const key = String(name[0]);
    if (judged.has(key)) {
      const message = errors[key];
      if (edited.has(key)) return [{ name, errors: message ? [message] : [] }];
      // Left alone, a field only loses a message the schema gave it (not a server's '409').
      return !message && last?.errors[key] ? [{ name, errors: [] }] : [];
    }
    return edited.has(key) ? [{ name, errors: [] }] : [];
  });
  if (updates.length > 0) form.setFields(updates);
}

/**
 * Validates form values with the contract's request schema before anything is sent, showing
 * each problem under its field in the user's language. Answers the parsed body, or null.
 */
export function validateWith<S extends z.ZodType>(schema: S, values: unknown, form: FormInstance): z.output<S> | null {
  const result = schema.safeParse(values);
  const errors = result.success ? {} : zodFieldErrors(result.error);
  if (values && typeof values === 'object') lastChecks.set(form, { schema, values: values as Record<string, unknown>, errors });
  if (result.success) return result.data;
  applyFieldErrors(form, errors);
  if (errors._form) notifyError(errors._form);
  return null;
}

/**
 * A '403' has already signed the user out and left the page, and a '402' has said the plan is
 * not active and left the page for Home: either way, nothing more to say.
 */
export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && (error.code === '403' || error.code === '402');
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
  if (isSignedOut(error) || isAbort(error)) return;
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
