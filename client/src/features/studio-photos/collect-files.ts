// Files from a drop (folders included, at any depth) or a file input, with
// their path inside the dropped folder.

/** PickedFile is a file and its path in the dropped folder ('' for a loose file). */
export interface PickedFile {
  file: File;
  path: string;
}

/** readAll lists a folder: readEntries answers in batches until an empty one. */
function readAll(dir: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = dir.createReader();
  const out: FileSystemEntry[] = [];
  return new Promise((resolve, reject) => {
    const next = () =>
      reader.readEntries((batch) => {
        if (batch.length === 0) {
          resolve(out);
          return;
        }
        out.push(...batch);
        next();
      }, reject);
    next();
  });
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

async function walk(entry: FileSystemEntry, out: PickedFile[]): Promise<void> {
  if (entry.isFile) {
    out.push({ file: await fileOf(entry as FileSystemFileEntry), path: entry.fullPath.replace(/^\//, '') });
    return;
  }
  if (entry.isDirectory) {
    for (const child of await readAll(entry as FileSystemDirectoryEntry)) await walk(child, out);
  }
}

/** filesFromDrop returns every file of a drop, walking dropped folders. */
export async function filesFromDrop(dt: DataTransfer): Promise<PickedFile[]> {
  const entries: FileSystemEntry[] = [];
  const loose: File[] = [];
  for (const item of Array.from(dt.items ?? [])) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry?.();
    if (entry) entries.push(entry);
    else {
      const f = item.getAsFile();
      if (f) loose.push(f);
    }
  }
  if (entries.length === 0 && loose.length === 0) return Array.from(dt.files ?? []).map((file) => ({ file, path: '' }));
  const out: PickedFile[] = loose.map((file) => ({ file, path: '' }));
  for (const e of entries) await walk(e, out);
  return out;
}

/** filesFromInput returns an input's files (webkitRelativePath for a chosen folder). */
export function filesFromInput(list: FileList | null): PickedFile[] {
  return Array.from(list ?? []).map((file) => ({ file, path: file.webkitRelativePath ?? '' }));
}
