// File-name exports of what the clients picked, for retouching software.

/** fileStem is a file name without its extension (`IMG_0001.CR3` → `IMG_0001`); a name without one stays whole. */
export function fileStem(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** unique keeps the first of each name, in order, without empty ones. */
function unique(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    if (name && !seen.has(name)) {
      seen.add(name);
      out.push(name);
    }
  }
  return out;
}

/** commaList is the file names as they are, separated by commas: `a.jpg, b.jpg`. */
export function commaList(names: readonly string[]): string {
  return unique(names).join(', ');
}

/**
 * lightroomSearch is the string for Lightroom's Library filter « Texte > Nom
 * de fichier > Contient »: the file names without their extension, separated
 * by a comma and a space (`a, b, c`), which the « Contient » rule matches as
 * any of them. A comma inside a name would split it, so it becomes a space
 * (the rule still finds the file by its parts).
 */
export function lightroomSearch(names: readonly string[]): string {
  return unique(names.map((n) => fileStem(n.trim()).replace(/,/g, ' ').trim())).join(', ');
}

/** textLines is the file names one per line, ending with a line break (the .txt download). */
export function textLines(names: readonly string[]): string {
  const list = unique(names);
  return list.length ? `${list.join('\r\n')}\r\n` : '';
}

/** csvField quotes a CSV field when it holds a comma, a quote or a line break (RFC 4180). */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** csvTable is a CSV file (RFC 4180, CRLF) of the header then the rows. */
export function csvTable(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [header, ...rows].map((row) => row.map((v) => csvField(String(v))).join(',')).join('\r\n') + '\r\n';
}

/** exportFileName is a download's name from the gallery's address: `julie-et-thomas-album.csv`. */
export function exportFileName(galleryUrl: string, what: string, ext: 'txt' | 'csv'): string {
  const base = galleryUrl.replace(/[^a-z0-9-]+/gi, '-').replace(/^-+|-+$/g, '') || 'galerie';
  return `${base}-${what}.${ext}`;
}
