import { afterEach, describe, expect, it } from 'vitest';
import { forgetGallery, knownGallery, rememberGallery, resetKnownGalleries } from './known-galleries';

afterEach(() => resetKnownGalleries());

describe('known galleries', () => {
  it('keeps what a shell said for the next page, not for this one', () => {
    expect(knownGallery('gala')).toBeNull();
    rememberGallery('gala', { id: 'gal_1', open: true, email: false });
    // This page planned without it: the prefetch and the screens must agree on the document.
    expect(knownGallery('gala')).toBeNull();
    expect(JSON.parse(localStorage.getItem('gallery.known') ?? '{}')).toEqual({ gala: { id: 'gal_1', open: true, email: false } });
  });

  it('reads what an earlier page kept, once per page', () => {
    localStorage.setItem('gallery.known', JSON.stringify({ julie: { id: 'gal_2', open: true, email: true }, bad: { open: true }, worse: 'x' }));
    expect(knownGallery('julie')).toEqual({ id: 'gal_2', open: true, email: true });
    expect(knownGallery('bad')).toBeNull();
    expect(knownGallery('worse')).toBeNull();
    rememberGallery('julie', { id: 'gal_2', open: false, email: false });
    expect(knownGallery('julie')).toEqual({ id: 'gal_2', open: true, email: true });
  });

  it('forgets a gallery whose knowledge proved wrong, for this page and the next', () => {
    localStorage.setItem('gallery.known', JSON.stringify({ julie: { id: 'gal_2', open: true, email: true } }));
    expect(knownGallery('julie')).not.toBeNull();
    forgetGallery('julie');
    expect(knownGallery('julie')).toBeNull();
    expect(localStorage.getItem('gallery.known')).toBe('{}');
  });

  it('survives unreadable storage', () => {
    localStorage.setItem('gallery.known', '{not json');
    expect(knownGallery('gala')).toBeNull();
  });
});
