// Wording (issue 20): a label built from a template and a name must not say
// the same word twice, as « Terminer le pack Pack Souvenir » or « 1 × fichier
// numérique Fichier HD » did when the photographer's names start with the
// word the template puts before them.

// A word (and « numérique(s) » after it), then the same word again, singular
// or plural, starting a name (a capital): the first goes, the name's own
// wording stays. « vous vous » stays: the second word is not a name.
const REPEATED = /(^|[\s×(«'’])(\p{L}+?)(s?)(\s+num[ée]riques?)?\s+(\2s?)(?=[\s,.;:!?)»]|$)/giu;

/** noRepeat drops a word a name repeats right after it (« le pack Pack Souvenir » → « le Pack Souvenir »). */
export function noRepeat(text: string): string {
  return text.replace(REPEATED, (all: string, before: string, _word: string, _plural: string, _digital: string | undefined, again: string) =>
    again[0] === again[0].toLocaleUpperCase('fr') && again[0] !== again[0].toLocaleLowerCase('fr') ? `${before}${again}` : all,
  );
}

/**
 * NAME_TEMPLATES are the messages that put a photographer's pack or format
 * name right after a word the name may start with. Only they go through
 * noRepeat: elsewhere a repeated word is what was meant (a gallery or a
 * band called « Duran Duran », a guest's own words).
 */
export const NAME_TEMPLATES: ReadonlySet<string> = new Set([
  'gallery.packPrint',
  'gallery.packDigital',
  'shop.packPrint',
  'shop.packDigital',
  'shop.seePackNamed',
  'shop.packPrintSlot',
  'shop.packDigitalSlot',
  'shop.customizePackPhotos',
  'cart.print',
  'cart.digitalFile',
  'cart.abandonPack',
  'cart.packPrint',
  'cart.packDigital',
  'cart.finishPackNamed',
  'checkout.packItem',
]);

/** noRepeatProcessor is noRepeat as an i18next post-processor, for the NAME_TEMPLATES messages. */
export const noRepeatProcessor = {
  type: 'postProcessor' as const,
  name: 'noRepeat',
  process: (value: string, key: string | string[]) => {
    const k = Array.isArray(key) ? key[0] : key;
    return typeof value === 'string' && NAME_TEMPLATES.has(k) ? noRepeat(value) : value;
  },
};
