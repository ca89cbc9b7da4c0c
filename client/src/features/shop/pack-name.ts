// The buyer's name for a pack (spec §5): & < > / and backslash become spaces
// before sending; the server also trims it and refuses an empty or too long one.

/** PACK_NAME_MAX is the longest pack name, in characters (the server's limit). */
export const PACK_NAME_MAX = 80;

/** sanitizePackName replaces & < > / \ with spaces and trims the ends. */
export function sanitizePackName(name: string): string {
  return name.replace(/[&<>/\\]/g, ' ').trim();
}

/** packNameError checks a pack name as the server will, or returns undefined. */
export function packNameError(name: string): 'shop.packNameRequired' | 'shop.packNameTooLong' | undefined {
  const clean = sanitizePackName(name);
  if (clean === '') return 'shop.packNameRequired';
  if ([...clean].length > PACK_NAME_MAX) return 'shop.packNameTooLong';
  return undefined;
}
