import { partyName, type PartyNameParts } from '@nearcast/contract';

export interface MerchantOption {
  value: number;
  label: string;
  title: string;
}

/**
 * The picker's options: the merchants of the current search, named by the party-name rule, and
 * the chosen one kept on top (by the name it had) while another search shows. Nothing chosen,
 * whether null or undefined (a form field not yet set), adds no option, so the list never opens
 * on a made-up "#undefined". `known` remembers the names seen, for the chosen one.
 */
export function merchantOptions(
  list: readonly (PartyNameParts & { id: number })[],
  value: number | null | undefined,
  known: Map<number, string>,
): MerchantOption[] {
  const options = list.map((client) => {
    const title = partyName(client);
    known.set(client.id, title);
    return { value: client.id, label: title, title };
  });
  if (typeof value === 'number' && !options.some((option) => option.value === value)) {
    const title = known.get(value) ?? `#${value}`;
    options.unshift({ value, label: title, title });
  }
  return options;
}
