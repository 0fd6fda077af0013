import { installCommonPasswordCheck } from '@nearcast/contract';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords (ASVS 6.2.4): the ranked list zxcvbn-ts ships (MIT), about 49,000
 * entries drawn from real password leaks, compared case-insensitively so that `Password1`
 * counts as `password1`. Loaded once, in memory as a set (a few megabytes).
 */
let common: Set<string> | null = null;

function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** Every `newPassword()` field of the contract refuses these from now on, in this process. */
export function refuseCommonPasswords(): void {
  installCommonPasswordCheck(isCommonPassword);
}
