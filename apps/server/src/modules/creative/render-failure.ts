import { storedMessage } from '@nearcast/contract';
import { AppError } from '../../errors.js';
import { failingInputOf, staffDetail, toolOutputOf } from './tool-output.js';

/** What a failed attempt had in its work folder: to take the folder out of staff's detail and name the input that failed. */
export interface FailureContext {
  workDir: string;
  inputs: ReadonlyMap<string, string>;
}

/**
 * Why an attempt failed, twice: in plain words for whoever reads the render (a stored message:
 * never a path, an address or the encoder's statistics), and the engine's own output for staff.
 */
export function reasonOf(error: unknown, timeoutSeconds: number, context: FailureContext): { reason: string; detail: string | null } {
  // A rule of another module said no (the merchant's storage is full, …): its own words, nothing more to see.
  if (error instanceof AppError) return { reason: storedMessage(error.key, error.params), detail: null };
  const output = toolOutputOf(error);
  const detail = staffDetail(output, context.workDir) || null;
  if (error instanceof Error && /timed? ?out|timeout/i.test(error.name + error.message)) {
    return { reason: storedMessage('creative.failure.timeout', { minutes: Math.max(1, Math.round(timeoutSeconds / 60)) }), detail };
  }
  if (error instanceof Error && error.name === 'StorageError') return { reason: storedMessage('creative.failure.storage'), detail };
  const name = failingInputOf(output, context.inputs);
  return { reason: name ? storedMessage('creative.failure.tool_input', { name }) : storedMessage('creative.failure.tool'), detail };
}

/**
 * Whether another attempt may succeed: a tool that crashed, a timeout, storage that did not
 * answer may; a rule of another module that refused (a full quota, a merchant gone) will not.
 */
export function isTransient(error: unknown): boolean {
  return !(error instanceof AppError);
}
