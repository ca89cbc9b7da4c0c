/**
 * INTL_LOCALES are the regional conventions each interface language formats
 * money, numbers and dates with: Belgian French and Dutch (the shop's country
 * is Belgium), British English (day before month, 13 June 2026).
 */
const INTL_LOCALES: Record<string, string> = { fr: 'fr-BE', nl: 'nl-BE', en: 'en-GB' };

/** intlLocale gives the Intl locale of an interface language ("nl" → "nl-BE"); another tag passes through. */
export function intlLocale(language: string): string {
  return INTL_LOCALES[language] ?? language;
}

/**
 * symbolAfterAmount says whether the currency follows the amount: « 121,41 € »
 * in French and in Dutch (CLDR's nl-BE puts « € 121,41 », the shop writes
 * prices the same way in both languages), « €121.41 » in English.
 */
export function symbolAfterAmount(language: string): boolean {
  const primary = language.toLowerCase().split('-')[0];
  return primary === 'fr' || primary === 'nl';
}
