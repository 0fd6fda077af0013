import { describe, expect, it } from 'vitest';
import { partyName } from './party-name.js';

describe('the name of a party', () => {
  const person = { company_short_name: 'Carmen’s Tacos', name: 'Carmen Client', username: 'client', email: 'client@example.com' };

  it('is the company short name first', () => {
    expect(partyName(person)).toBe('Carmen’s Tacos');
  });

  it("is the person's name without a company, then the username, then the email", () => {
    expect(partyName({ ...person, company_short_name: '' })).toBe('Carmen Client');
    expect(partyName({ ...person, company_short_name: null, name: '' })).toBe('client');
    expect(partyName({ email: 'client@example.com', username: '', name: null })).toBe('client@example.com');
  });

  it('skips blank values', () => {
    expect(partyName({ company_short_name: '   ', name: ' Oscar Operator ', username: 'operator', email: 'operator@example.com' })).toBe('Oscar Operator');
    expect(partyName({})).toBe('');
  });
});
