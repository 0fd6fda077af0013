/**
 * The file name a finished video downloads under: `<shop>-<yyyy-mm-dd>-<lang>-<n>.mp4`, so a
 * merchant's folder of downloads sorts by shop and day and says what each file is, instead of
 * a storage key's UUID.
 */
export function renderDownloadName(input: { shop: string; day: string; language: string; n: number }): string {
  return `${shopSlug(input.shop)}-${input.day}-${input.language}-${input.n}.mp4`;
}

/**
 * The shop's name as a file name's first part: letters and digits of any script (accents
 * dropped, lower case), one dash between words; "video" when nothing is left. The web's
 * drafts board names its files the same way.
 */
export function shopSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'video';
}
