import type { OperatorSummary } from '@nearcast/contract';

export interface OperatorEditValues {
  nickname?: string;
  email?: string;
  wechat?: string;
  password?: string;
}

export interface OperatorPatch {
  nickname?: string;
  email?: string;
  wechat?: string;
  password?: string;
}

/**
 * What the edit form changed, trimmed: unchanged fields are left out (so an untouched form sends
 * nothing), and an empty password means "keep the current one".
 */
export function operatorPatch(operator: OperatorSummary, values: OperatorEditValues): OperatorPatch {
  const patch: OperatorPatch = {};
  const nickname = values.nickname?.trim() ?? '';
  const email = values.email?.trim() ?? '';
  const wechat = values.wechat?.trim() ?? '';
  if (nickname !== operator.nickname) patch.nickname = nickname;
  if (email.toLowerCase() !== operator.email.toLowerCase()) patch.email = email;
  if (wechat !== operator.wechat) patch.wechat = wechat;
  if (values.password) patch.password = values.password;
  return patch;
}
