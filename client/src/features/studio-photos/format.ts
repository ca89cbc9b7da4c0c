// Sizes, speeds and durations as the upload panel writes them.

/** formatBytes writes a size in the language's style: « 3,2 Mo », « 850 Ko ». */
export function formatBytes(n: number, lang: string, units: readonly [string, string, string, string]): string {
  const steps = [1, 1024, 1024 ** 2, 1024 ** 3];
  let i = 0;
  while (i < 3 && n >= steps[i + 1]) i++;
  const v = n / steps[i];
  return `${new Intl.NumberFormat(lang, { maximumFractionDigits: v < 10 && i > 0 ? 1 : 0 }).format(v)} ${units[i]}`;
}

/** splitDuration is a number of seconds as minutes and seconds (hours beyond an hour). */
export function splitDuration(seconds: number): { h: number; m: number; s: number } {
  const s = Math.max(0, Math.round(seconds));
  return { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60), s: s % 60 };
}
