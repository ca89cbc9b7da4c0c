// The photo view is a route of its own: the grid it was opened from is gone
// while it shows. When the visitor goes back, the focus returns to the photo
// they were looking at (spec: dialogs give the focus back), in the grid they
// came from. The photo view records it here and the grid takes it when it
// appears.

let pending: { grid: string; photoId: string } | undefined;

/** rememberReturnFocus records the photo to focus when the grid named `grid` appears again. */
export function rememberReturnFocus(grid: string, photoId: string): void {
  pending = { grid, photoId };
}

/** takeReturnFocus returns (once) the photo to focus in the grid named `grid`, if it is one of `keys`. */
export function takeReturnFocus(grid: string, keys: readonly string[]): string | undefined {
  if (!pending || pending.grid !== grid || !keys.includes(pending.photoId)) return undefined;
  const { photoId } = pending;
  pending = undefined;
  return photoId;
}
