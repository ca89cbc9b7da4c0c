import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CropEditor } from './crop-editor';
import type { Crop } from './crop-geometry';

const photo = { width: 6000, height: 4000 };
const ratio = 18 / 13;

function Harness({ start, onChange }: { start: Crop; onChange: (c: Crop) => void }) {
  const [crop, setCrop] = useState(start);
  return (
    <CropEditor
      src="/media/v/ph1.jpg"
      alt="Photo IMG_ph1.jpg"
      photo={photo}
      ratio={ratio}
      crop={crop}
      onChange={(c) => {
        setCrop(c);
        onChange(c);
      }}
    />
  );
}

function setup(start: Crop = { x: 1000, y: 1000, width: 1800, height: 1300 }) {
  const onChange = vi.fn();
  render(<Harness start={start} onChange={onChange} />);
  const box = screen.getByRole('group', { name: 'Cadre du tirage' });
  // Displayed at 600 × 400 CSS pixels: one CSS pixel is ten photo pixels.
  const frame = box.parentElement!;
  vi.spyOn(frame, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, left: 0, top: 0, width: 600, height: 400, right: 600, bottom: 400, toJSON: () => ({}) });
  return { box, onChange, crop: () => box.getAttribute('data-crop') };
}

describe('CropEditor', () => {
  it('shows the crop over the photo in percentages and describes itself', () => {
    const { box } = setup();
    expect(box.style.left).toBe(`${(1000 / 6000) * 100}%`);
    expect(box.style.width).toBe('30%');
    expect(box.getAttribute('tabindex')).toBe('0');
    expect(screen.getByAltText('Photo IMG_ph1.jpg')).toBeTruthy();
    expect(screen.getByText('Zone imprimée : 1800 × 1300 pixels, à 1000 pixels du bord gauche et 1000 du haut.')).toBeTruthy();
  });

  it('moves with a drag, in the photo’s own pixels', () => {
    const { box, crop } = setup();
    fireEvent.pointerDown(box, { pointerId: 1, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(box, { pointerId: 1, clientX: 112, clientY: 95 });
    fireEvent.pointerUp(box, { pointerId: 1 });
    expect(crop()).toBe('1120,950,1800,1300');
    fireEvent.pointerMove(box, { pointerId: 1, clientX: 300, clientY: 300 }); // released: nothing moves
    expect(crop()).toBe('1120,950,1800,1300');
  });

  it('resizes from a corner, keeping the ratio', () => {
    const { box, crop } = setup();
    const se = box.querySelectorAll('span')[3];
    fireEvent.pointerDown(se, { pointerId: 2, clientX: 280, clientY: 230 });
    fireEvent.pointerMove(se, { pointerId: 2, clientX: 316, clientY: 230 });
    expect(crop()).toBe('1000,1000,2160,1560');
  });

  it('moves with the arrows (Shift for more) and zooms with − and +', () => {
    const { box, crop } = setup();
    fireEvent.keyDown(box, { key: 'ArrowLeft' });
    expect(crop()).toBe('940,1000,1800,1300');
    fireEvent.keyDown(box, { key: 'ArrowUp', shiftKey: true });
    expect(crop()).toBe('940,400,1800,1300');
    fireEvent.keyDown(box, { key: '+' });
    expect(crop()).toMatch(/^\d+,\d+,1944,1404$/);
    fireEvent.click(screen.getByRole('button', { name: 'Cadre maximal' }));
    expect(crop()).toBe('231,0,5538,4000');
  });
});
