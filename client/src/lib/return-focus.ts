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

/** peekReturnFocus tells, without taking it, the photo to focus in the grid named `grid`, if it is one of `keys`. */
export function peekReturnFocus(grid: string, keys: readonly string[]): string | undefined {
  return pending && pending.grid === grid && keys.includes(pending.photoId) ? pending.photoId : undefined;
}

/** takeReturnFocus returns (once) the photo to focus in the grid named `grid`, if it is one of `keys`. */
export function takeReturnFocus(grid: string, keys: readonly string[]): string | undefined {
  const photoId = peekReturnFocus(grid, keys);
  if (photoId !== undefined) pending = undefined;
  return photoId;
}
