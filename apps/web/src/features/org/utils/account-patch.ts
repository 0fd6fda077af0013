import type { AccountStatus, AccountSummary } from '@nearcast/contract';

/** The fields the account editor shows (/v1/account/edit), all optional there. */
export const EDITABLE_FIELDS = [
  'username',
  'name',
  'phone',
  'wechat',
  'company_short_name',
  'company_full_name',
  'sale_name',
  'sale_email',
  'sale_uid',
] as const;

export type EditableField = (typeof EDITABLE_FIELDS)[number];

export type AccountEditValues = Partial<Record<EditableField, string>> & {
  status?: AccountStatus;
  password?: string;
};

export type AccountPatch = Partial<Record<EditableField, string>> & { status?: AccountStatus; password?: string };

/**
 * Only what the editor changed, so saving a form never rewrites a field someone else has just
 * updated, and an untouched password is never sent. Text is compared trimmed.
 */
export function accountPatch(account: Pick<AccountSummary, EditableField | 'status'>, values: AccountEditValues): AccountPatch {
  const patch: AccountPatch = {};
  for (const field of EDITABLE_FIELDS) {
    const next = values[field];
    if (next === undefined) continue;
    if (next.trim() !== (account[field] ?? '').trim()) patch[field] = next;
  }
  if (values.status && values.status !== account.status) patch.status = values.status;
  if (values.password) patch.password = values.password;
  return patch;
}
