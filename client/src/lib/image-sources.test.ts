import { afterEach, describe, expect, it } from 'vitest';
import { fitBox, forgetLoaded, loadedImage, parseSrcSet, pickSource, rememberGridImage, rememberLoaded, sourceWidth, viewerSizes } from './image-sources';

const SRCSET = '/media/photos/p/h/320.jpg 320w, /media/photos/p/h/640.jpg 640w, /media/photos/p/h/1280.jpg 1280w, /media/photos/p/h/2048.jpg 2048w, /media/photos/p/h/2560.jpg 2560w';

afterEach(() => forgetLoaded());

describe('parseSrcSet', () => {
  it('reads width descriptors, smallest first, and skips the others', () => {
    expect(parseSrcSet('b.jpg 640w, a.jpg 320w, c.jpg 2x, ,d.jpg')).toEqual([
      { url: 'a.jpg', width: 320 },
      { url: 'b.jpg', width: 640 },
    ]);
    expect(parseSrcSet('')).toEqual([]);
    expect(parseSrcSet(undefined)).toEqual([]);
  });
});

describe('pickSource: what srcset chooses for a number of device pixels', () => {
  const sources = parseSrcSet(SRCSET);
  it('takes the smallest file at least that wide', () => {
    // A phone (390 CSS px at 3x), a retina desktop (1440 at 2x), a plain one.
    expect(pickSource(sources, 390 * 3)?.width).toBe(1280);
    expect(pickSource(sources, 1440 * 2)?.width).toBe(2560);
    expect(pickSource(sources, 1200 * 2)?.width).toBe(2560);
    expect(pickSource(sources, 1000)?.width).toBe(1280);
    expect(pickSource(sources, 640)?.width).toBe(640);
  });
  it('takes the largest when none is wide enough, nothing from nothing', () => {
    expect(pickSource(parseSrcSet('a.jpg 320w, b.jpg 1200w'), 5000)?.width).toBe(1200);
    expect(pickSource([], 100)).toBeUndefined();
  });
});

describe('sourceWidth', () => {
  it('finds a file by its path, absolute or not', () => {
    const sources = parseSrcSet(SRCSET);
    expect(sourceWidth(sources, 'http://127.0.0.1:8080/media/photos/p/h/1280.jpg')).toBe(1280);
    expect(sourceWidth(sources, '/media/photos/p/h/320.jpg')).toBe(320);
    expect(sourceWidth(sources, '/media/photos/p/h/999.jpg')).toBe(0);
    expect(sourceWidth(sources, '')).toBe(0);
  });
});

describe('fitBox and viewerSizes: the size the viewer draws a photo at', () => {
  it('fits the photo in the stage keeping its ratio', () => {
    // A 3:2 landscape on a phone, and on a 1440x900 desktop.
    expect(fitBox(6000, 4000, 390, 740)).toEqual({ width: 390, height: 260 });
    expect(fitBox(6000, 4000, 1296, 796)).toEqual({ width: 1194, height: 796 });
    // A portrait is bounded by the height.
    expect(fitBox(4000, 6000, 1296, 796)).toEqual({ width: 531, height: 796 });
  });
  it('never upscales and keeps within the theme’s viewer size', () => {
    expect(fitBox(800, 600, 1296, 796)).toEqual({ width: 800, height: 600 });
    expect(fitBox(6000, 4000, 1296, 796, 1000)).toEqual({ width: 1000, height: 667 });
  });
  it('draws nothing before the stage is measured', () => {
    expect(fitBox(6000, 4000, 0, 0)).toEqual({ width: 0, height: 0 });
  });
  it('says the drawn width in CSS pixels', () => {
    expect(viewerSizes(1193.6)).toBe('1194px');
    expect(viewerSizes(0)).toBe('1px');
  });
});

describe('the files the browser holds', () => {
  it('keeps the widest per photo', () => {
    rememberLoaded('p1', { url: '/a/640.jpg', width: 640, ratio: 1.5 });
    rememberLoaded('p1', { url: '/a/320.jpg', width: 320, ratio: 1.5 });
    expect(loadedImage('p1')?.url).toBe('/a/640.jpg');
    rememberLoaded('p1', { url: '/a/1280.jpg', width: 1280, ratio: 1.5 });
    expect(loadedImage('p1')?.url).toBe('/a/1280.jpg');
    expect(loadedImage('p2')).toBeUndefined();
  });
  it('reads what a grid <img> chose from its srcset', () => {
    const img = document.createElement('img');
    img.srcset = SRCSET;
    Object.defineProperty(img, 'currentSrc', { value: 'http://localhost/media/photos/p/h/640.jpg' });
    rememberGridImage('p', img);
    expect(loadedImage('p')).toEqual({ url: 'http://localhost/media/photos/p/h/640.jpg', width: 640, ratio: 0 });
  });
});
