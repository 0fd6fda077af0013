import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { deleteErrorMessage } from './form-errors';

describe('deleteErrorMessage', () => {
  it("shows the server's reason for a refused delete", () => {
    const error = new ApiError('envelope', '422', 'This area is used by 1 accounts and 0 zones and cannot be deleted');
    expect(deleteErrorMessage(error, 'Delete failed')).toBe('This area is used by 1 accounts and 0 zones and cannot be deleted');
  });

  it("falls back to 'Delete failed' without one", () => {
    expect(deleteErrorMessage(new ApiError('timeout', 'timeout', ''), 'Delete failed')).toBe('Delete failed');
    expect(deleteErrorMessage(new ApiError('envelope', '403', 'x'), 'Delete failed')).toBeNull();
  });
});
