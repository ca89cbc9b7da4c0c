/** AccessMode is how guests get into a gallery: the spec's access policy as one choice. */
export type AccessMode = 'public' | 'code' | 'codeEmail';

/** accessModeOf reads the choice from a gallery's access policy. */
export function accessModeOf(policy: { isPublic: boolean; needEmail: boolean }): AccessMode {
  if (policy.isPublic) return 'public';
  return policy.needEmail ? 'codeEmail' : 'code';
}

/** accessSettings are the settings that make a choice (hasClients follows the codes). */
export function accessSettings(mode: AccessMode): { isPublic: boolean; needEmail: boolean } {
  return { isPublic: mode === 'public', needEmail: mode === 'codeEmail' };
}

/** slugify proposes a gallery address from its title: lower-case letters, digits and dashes. */
export function slugify(title: string): string {
  return title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}
