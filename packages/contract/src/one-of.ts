/**
 * Whether `value` is one of a closed list's members (a language, a tab, a range): the list is the
 * type's one source, so the check narrows the value to that type without a cast.
 */
export function isOneOf<T extends string | number>(list: readonly T[], value: unknown): value is T {
  return (list as readonly unknown[]).includes(value);
}
