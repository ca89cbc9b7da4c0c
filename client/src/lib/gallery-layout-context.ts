// What the gallery layout (app/gallery-layout.tsx) hands the screen it shows;
// here so that a screen reads it without importing the layout.

/** GalleryLayoutContext is what the layout tells the screen it shows (React Router's outlet context). */
export interface GalleryLayoutContext {
  /** The gallery is open to the viewer: access code accepted and, when the gallery asks for one, e-mail confirmed. */
  open: boolean;
}
