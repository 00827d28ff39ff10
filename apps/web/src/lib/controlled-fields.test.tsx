import { render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';

// Typing as the browser does it: the field's value changes, then an 'input' event, outside act().
async function type(field: HTMLInputElement, value: string) {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  // Preact draws in a microtask; the drawn value is put back in the one after.
  await Promise.resolve();
  await Promise.resolve();
}

function DigitsField({ max = 4 }: { max?: number }) {
  const [value, setValue] = useState('12');
  const ref = useRef<HTMLInputElement>(null);
  return (
    <>
      <input ref={ref} data-testid="field" value={value} onChange={(event) => setValue(event.target.value.replace(/\D/g, '').slice(0, max))} />
      <output data-testid="state">{value}</output>
      <button type="button" onClick={() => ref.current?.focus()}>
        focus
      </button>
    </>
  );
}

const field = () => screen.getByTestId('field') as HTMLInputElement;

describe('controlled fields on Preact (decision 024)', () => {
  it('puts the value back when the handler keeps the state (a rejected letter, a digit past the maximum)', async () => {
    render(<DigitsField />);
    await type(field(), '12a');
    expect(screen.getByTestId('state').textContent).toBe('12');
    expect(field().value).toBe('12');
    await type(field(), '1234');
    await type(field(), '12345');
    expect(field().value).toBe('1234');
  });

  it('shows the value the handler made of the edit, and keeps an accepted edit as typed', async () => {
    render(<DigitsField />);
    await type(field(), '1x3');
    expect(field().value).toBe('13');
    await type(field(), '103');
    expect(field().value).toBe('103');
    expect(screen.getByTestId('state').textContent).toBe('103');
  });

  it('leaves the field’s own ref working', () => {
    render(<DigitsField />);
    screen.getByText('focus').click();
    expect(document.activeElement).toBe(field());
  });
});
