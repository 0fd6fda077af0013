import { CellStack } from './cell-stack';
import { displayName } from './display';

/**
 * A studio or an agent in a list: the business first (its short name, else the person), and
 * beneath it the person behind it, or the email when the business has no name yet.
 */
export function CompanyCell({ party }: { party: Parameters<typeof displayName>[0] & { company_short_name: string } }) {
  return (
    <CellStack
      main={party.company_short_name || displayName(party)}
      sub={party.company_short_name ? displayName(party) : party.email}
    />
  );
}
