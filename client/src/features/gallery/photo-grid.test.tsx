import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FragmentType } from '../../gql';
import { rememberReturnFocus } from '../../lib/return-focus';
import { photo } from './gallery-fixtures';
import type { PhotoCardFragment } from './photo-card';
import { PhotoGrid } from './photo-grid';

// jsdom lays nothing out: the grid is given a width and a place under the
// viewport by hand, as a browser would report them.
let gridTop = 0;

beforeEach(() => {
  gridTop = 0;
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.tagName === 'UL' ? 1000 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    // A link far below (the photo the viewer showed last, in test 2).
    if (this.tagName === 'A') return { top: 50_000, bottom: 50_200, left: 0, right: 200, width: 200, height: 200 } as DOMRect;
    return this.tagName === 'UL' ? ({ top: gridTop, bottom: gridTop + 100_000, left: 0, right: 1000, width: 1000, height: 100_000 } as DOMRect) : ({ top: 0, bottom: 0, left: 0, right: 0, width: 0, height: 0 } as DOMRect);
  });
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => setTimeout(() => cb(0), 0));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => clearTimeout(id));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const photos = (count: number) => Array.from({ length: count }, (_, i) => ({ key: `ph${i + 1}`, photo: photo(i + 1) as unknown as FragmentType<typeof PhotoCardFragment> }));

function renderGrid(count: number) {
  return render(
    <MemoryRouter>
      <PhotoGrid galleryId="gala" photos={photos(count)} showFilename={false} hasMore={false} loadingMore={false} onLoadMore={() => undefined} layout="grid" total={count} />
    </MemoryRouter>,
  );
}

async function scrollTo(top: number) {
  gridTop = -top;
  await act(async () => {
    window.dispatchEvent(new Event('scroll'));
    await new Promise((r) => setTimeout(r, 5));
  });
}

describe('PhotoGrid windowing', () => {
  it('keeps only the photos near the viewport in the document, wherever the visitor scrolls', async () => {
    const { container } = renderGrid(3000);
    const items = () => [...container.querySelectorAll('li[data-index]')].map((li) => Number(li.getAttribute('data-index')));
    const grid = container.querySelector('ul')!;
    // 4 columns of 244 px squares: 750 rows, the whole height reserved.
    expect(parseFloat(grid.style.height)).toBeGreaterThan(150_000);
    const first = items();
    expect(first[0]).toBe(0);
    expect(first.length).toBeGreaterThan(10);
    expect(first.length).toBeLessThan(100);

    await scrollTo(100_000);
    const middle = items();
    expect(middle.length).toBeLessThan(100);
    expect(Math.min(...middle)).toBeGreaterThan(1000);
    expect(container.querySelectorAll('img').length).toBe(middle.length);

    // Numbered for assistive technologies, within the whole list.
    const li = container.querySelector(`li[data-index="${middle[0]}"]`)!;
    expect(li.getAttribute('aria-posinset')).toBe(String(middle[0] + 1));
    expect(li.getAttribute('aria-setsize')).toBe('3000');
  });

  it('gives the focus back to the photo the viewer showed, even far down the grid', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    rememberReturnFocus('photos', 'ph2500');
    const { container } = renderGrid(3000);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 5));
    });
    expect(document.activeElement?.closest('li')?.getAttribute('data-photo-id')).toBe('ph2500');
    expect(container.querySelector('li[data-photo-id="ph2500"]')).not.toBeNull();
    expect(scrollIntoView).toHaveBeenCalled();
  });
});
