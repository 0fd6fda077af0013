import type { FormInstance } from 'antd';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { zodFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { recheckFields } from '../../../lib/form-feedback';
import { translateMessage } from '../../../lib/i18n';

/** Checks the values with the contract's request schema; answers the field errors (empty when valid) and the body. */
export function checkWith<S extends z.ZodType>(schema: S, values: unknown): { body: z.output<S> | null; errors: FieldErrors } {
  const result = schema.safeParse(values);
  return result.success ? { body: result.data, errors: {} } : { body: null, errors: zodFieldErrors(result.error) };
}

/** A refused delete shows the server's reason (an area in use answers '422' with it). */
export function deleteErrorMessage(error: unknown, fallback: string): string | null {
  if (error instanceof ApiError) {
    if (error.code === '403') return null;
    if (error.kind === 'envelope' && error.msg) return translateMessage(error.msg);
  }
  return fallback;
}

/** Errors are set by hand (no antd rules): the platform's one behaviour takes them away once fixed. */
export function clearChangedErrors(form: FormInstance, changed: object): void {
  recheckFields(form, changed);
}
