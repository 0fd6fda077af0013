/** How a person is called in lists and pickers: their name, else their nickname, else their email. */
export function displayName(person: { name?: string | null; username?: string | null; nickname?: string | null; email: string }): string {
  return person.name || person.username || person.nickname || person.email;
}
