/**
 * How a party (a merchant, a studio, an agent, an operator) is named wherever it is shown: its
 * company's short name, else the person's name, else the username, else the email. One rule,
 * so Finance's records, the settlement queue, the people lists, pickers and notifications name
 * the same account the same way. Blank and whitespace-only values count as missing.
 */
export interface PartyNameParts {
  company_short_name?: string | null;
  name?: string | null;
  username?: string | null;
  email?: string | null;
}

export function partyName(party: PartyNameParts): string {
  for (const value of [party.company_short_name, party.name, party.username, party.email]) {
    const text = value?.trim();
    if (text) return text;
  }
  return '';
}
