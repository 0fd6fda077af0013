/**
 * A 10-digit US number (spec §9) as (310) 555-0199; anything else is shown as it was stored.
 * The one phone format of every page: lists, cards, exports and forms all show it this way.
 */
export function formatUsPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : phone;
}
