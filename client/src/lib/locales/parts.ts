// The parts of each language's catalogue (build/split-catalogues.ts makes
// them, lib/i18n.ts loads them): « home » what the first download uses,
// « guest » the rest of a guest's strings, « studio » the studio's.

/** CataloguePart names a part of a language's catalogue. */
export type CataloguePart = 'home' | 'guest' | 'studio';

/** partOfSection is the part a section's keys belong to when the home does not use them. */
export function partOfSection(section: string): Exclude<CataloguePart, 'home'> {
  return /^studio/.test(section) ? 'studio' : 'guest';
}
