import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeFragmentData } from '../../gql';
import { forgetLoaded, rememberLoaded } from '../../lib/image-sources';
import { PhotoViewer, PhotoViewerFragment } from './photo-viewer';

const photo = makeFragmentData(
  {
    __typename: 'Photo',
    id: 'pho_1',
    filename: 'IMG_1.jpg',
    width: 1200,
    height: 800,
    dominantColor: '#336699',
    urls: {
      __typename: 'PhotoUrls',
      viewer: '/media/photos/pho_1/h/1200.jpg',
      srcSet: '/media/photos/pho_1/h/320.jpg 320w, /media/photos/pho_1/h/640.jpg 640w, /media/photos/pho_1/h/1200.jpg 1200w',
    },
  },
  PhotoViewerFragment,
);

// jsdom lays nothing out: the stage is a 390 x 740 phone screen.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(390);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(740);
});
afterEach(() => {
  vi.restoreAllMocks();
  forgetLoaded();
});

const layer = (root: HTMLElement, role: string) => root.querySelector<HTMLImageElement>(`img[data-role="${role}"]`);

describe('PhotoViewer', () => {
  it('draws the grid’s file at once under the photo sized for the screen', () => {
    rememberLoaded('pho_1', { url: '/media/photos/pho_1/h/320.jpg', width: 320, ratio: 1.5 });
    const { container } = render(<PhotoViewer photo={photo} showFilename={false} />);
    expect(layer(container, 'placeholder')?.getAttribute('src')).toBe('/media/photos/pho_1/h/320.jpg');
    const main = layer(container, 'main');
    expect(main?.getAttribute('sizes')).toBe('390px');
    expect(main?.getAttribute('srcset')).toContain('1200w');
    const frame = container.querySelector<HTMLElement>('[data-testid="photo-frame"]');
    expect([frame?.style.width, frame?.style.height]).toEqual(['390px', '260px']);
  });

  it('falls back to the smallest file when the browser holds none', () => {
    const { container } = render(<PhotoViewer photo={photo} showFilename={false} />);
    expect(layer(container, 'placeholder')?.getAttribute('src')).toBe('/media/photos/pho_1/h/320.jpg');
  });

  it('zooms with + and loads a larger file than the one shown, Escape zooms back out', async () => {
    vi.useFakeTimers();
    try {
      const onInteract = vi.fn();
      const { container } = render(<PhotoViewer photo={photo} showFilename={false} onInteract={onInteract} />);
      const main = layer(container, 'main')!;
      Object.defineProperty(main, 'currentSrc', { value: 'http://localhost/media/photos/pho_1/h/640.jpg' });
      fireEvent.load(main);
      fireEvent.keyDown(window, { key: '+' });
      const figure = container.querySelector('figure')!;
      expect(Number(figure.getAttribute('data-zoom'))).toBe(2.5);
      expect(onInteract).toHaveBeenCalled();
      expect(container.querySelector<HTMLElement>('[data-testid="photo-frame"]')?.style.transform).toContain('scale(2.5)');
      // 390 x 2.5 = 975 pixels are shown: more than the 640 file has.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(200);
      });
      expect(layer(container, 'zoom')?.getAttribute('src')).toBe('/media/photos/pho_1/h/1200.jpg');
      fireEvent.keyDown(window, { key: 'Escape' });
      expect(figure.getAttribute('data-zoom')).toBe('1.00');
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for no larger file while the one shown is enough', async () => {
    vi.useFakeTimers();
    try {
      const { container } = render(<PhotoViewer photo={photo} showFilename={false} />);
      const main = layer(container, 'main')!;
      Object.defineProperty(main, 'currentSrc', { value: 'http://localhost/media/photos/pho_1/h/1200.jpg' });
      fireEvent.load(main);
      fireEvent.keyDown(window, { key: '+' });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(200);
      });
      expect(layer(container, 'zoom')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('draws the server’s preview of a direct link when the browser holds nothing', () => {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('href', '/media/photos/pho_1/h/640.jpg');
    link.dataset.photoId = 'pho_1';
    document.head.append(link);
    try {
      const { container } = render(<PhotoViewer photo={photo} showFilename={false} />);
      expect(layer(container, 'placeholder')?.getAttribute('src')).toBe('/media/photos/pho_1/h/640.jpg');
    } finally {
      link.remove();
    }
  });

  it('zooms with its buttons, in, out and back to the whole photo', () => {
    const onInteract = vi.fn();
    const { container } = render(<PhotoViewer photo={photo} showFilename={false} onInteract={onInteract} />);
    const figure = container.querySelector('figure')!;
    const zoomIn = screen.getByRole('button', { name: 'Zoom avant' });
    const zoomOut = screen.getByRole('button', { name: 'Zoom arrière' });
    const reset = screen.getByRole('button', { name: 'Revenir à la photo entière' });
    expect([zoomOut.hasAttribute('disabled'), reset.hasAttribute('disabled')]).toEqual([true, true]);
    fireEvent.click(zoomIn);
    expect(figure.getAttribute('data-zoom')).toBe('2.50');
    expect(onInteract).toHaveBeenCalled();
    // Past the original's resolution (1200 px shown 390 px wide is 3.08x) up to 4x, the least maximum, no further.
    fireEvent.click(zoomIn);
    expect(figure.getAttribute('data-zoom')).toBe('3.75');
    fireEvent.click(zoomIn);
    expect(figure.getAttribute('data-zoom')).toBe('4.00');
    expect(zoomIn.hasAttribute('disabled')).toBe(true);
    fireEvent.click(zoomOut);
    expect(figure.getAttribute('data-zoom')).toBe('2.67');
    fireEvent.click(reset);
    expect(figure.getAttribute('data-zoom')).toBe('1.00');
    expect(zoomOut.hasAttribute('disabled')).toBe(true);
  });

  it('zooms with the wheel and tells the latest onInteract', () => {
    const first = vi.fn();
    const latest = vi.fn();
    const { container, rerender } = render(<PhotoViewer photo={photo} showFilename={false} onInteract={first} />);
    rerender(<PhotoViewer photo={photo} showFilename={false} onInteract={latest} />);
    const figure = container.querySelector('figure')!;
    fireEvent.wheel(figure, { deltaY: -200, clientX: 195, clientY: 370 });
    expect(Number(figure.getAttribute('data-zoom'))).toBeGreaterThan(1);
    expect(latest).toHaveBeenCalled();
    expect(first).not.toHaveBeenCalled();
    fireEvent.keyDown(window, { key: '0' });
    expect(figure.getAttribute('data-zoom')).toBe('1.00');
  });

  it('zooms in on a double tap and back out on the next one', () => {
    const { container } = render(<PhotoViewer photo={photo} showFilename={false} />);
    const figure = container.querySelector('figure')!;
    const tap = () => {
      fireEvent.pointerDown(figure, { pointerId: 1, pointerType: 'touch', clientX: 100, clientY: 300 });
      fireEvent.pointerUp(figure, { pointerId: 1, pointerType: 'touch', clientX: 100, clientY: 300 });
    };
    tap();
    expect(figure.getAttribute('data-zoom')).toBe('1.00');
    tap();
    expect(Number(figure.getAttribute('data-zoom'))).toBeGreaterThan(1);
    tap();
    tap();
    expect(figure.getAttribute('data-zoom')).toBe('1.00');
  });
});
