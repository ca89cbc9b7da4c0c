import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { QuantityStepper } from './quantity-stepper';

function field() {
  return screen.getByRole('spinbutton', { name: 'Quantité (10x15)' }) as HTMLInputElement;
}

/** Controlled is the stepper as the cart holds it: the quantity is the parent's. */
function Controlled({ onChange }: { onChange: (value: number) => void }) {
  const [value, setValue] = useState(2);
  return (
    <QuantityStepper
      name="10x15"
      value={value}
      max={5}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

describe('QuantityStepper', () => {
  it('counts a typed quantity on Enter, kept between min and max', () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    fireEvent.change(field(), { target: { value: '9' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith(5);
    expect(field().value).toBe('5');
  });

  it('shows the new quantity when the buttons change it, over a typed one', () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    fireEvent.change(field(), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Augmenter la quantité (10x15)' }));
    expect(onChange).toHaveBeenCalledWith(3);
    expect(field().value).toBe('3');
  });

  it('takes a quantity changed by its parent', () => {
    const { rerender } = render(<QuantityStepper name="10x15" value={1} onChange={() => undefined} />);
    expect(field().value).toBe('1');
    rerender(<QuantityStepper name="10x15" value={7} onChange={() => undefined} />);
    expect(field().value).toBe('7');
  });

  it('puts back the quantity when a typed value is left empty', () => {
    const onChange = vi.fn();
    render(<QuantityStepper name="10x15" value={3} onChange={onChange} />);
    fireEvent.change(field(), { target: { value: '' } });
    fireEvent.blur(field());
    expect(onChange).toHaveBeenCalledWith(1);
  });
});
