import { describe, expect, it } from 'vitest';
import { accessModeOf, accessSettings, slugify } from './access-mode';

describe('access mode', () => {
  it('reads and writes the three choices', () => {
    for (const mode of ['public', 'code', 'codeEmail'] as const) {
      expect(accessModeOf(accessSettings(mode))).toBe(mode);
    }
    expect(accessSettings('public')).toEqual({ isPublic: true, needEmail: false });
    expect(accessModeOf({ isPublic: true, needEmail: true })).toBe('public');
  });
});

describe('slugify', () => {
  it.each([
    ['Mariage de Léa & Hugo', 'mariage-de-lea-hugo'],
    ['  Gala 2026 — École Saint-Luc ', 'gala-2026-ecole-saint-luc'],
    ['***', ''],
  ])('%s → %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('keeps addresses within 120 characters', () => {
    expect(slugify('a'.repeat(300))).toHaveLength(120);
  });
});
