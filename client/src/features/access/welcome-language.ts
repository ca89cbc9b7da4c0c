/** WelcomeConfig is the welcome popup's texts: the gallery's language's, and its translations. */
export interface WelcomeConfig {
  messageForClients: string;
  messageForVisitors: string;
  translations?: ReadonlyArray<{ language: string; messageForClients: string; messageForVisitors: string }> | null;
}

/**
 * welcomeMessage is the text a guest reading `language` sees (the rules of
 * the API's WelcomePopupConfig.localized): the one written in their
 * language, else in the gallery's default language, else in French; the
 * message for clients to clients, the one for visitors to others.
 */
export function welcomeMessage(config: WelcomeConfig, language: string, galleryLanguage: string, isClient: boolean): string {
  const pick = (t: { messageForClients: string; messageForVisitors: string } | undefined) => (isClient ? t?.messageForClients : t?.messageForVisitors)?.trim() ?? '';
  const textIn = (l: string) => {
    const tr = config.translations?.find((x) => x.language === l);
    if (l === (galleryLanguage || 'fr')) return pick(config) || pick(tr);
    return pick(tr);
  };
  for (const l of [language, galleryLanguage || 'fr', 'fr']) {
    const text = textIn(l);
    if (text) return text;
  }
  return '';
}
