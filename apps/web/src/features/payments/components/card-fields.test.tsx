import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { EMPTY_CARD, type CardValues } from '../card-values.ts';
import { CardFields } from './card-fields.tsx';

function Form({ errors = {} }: { errors?: Record<string, string[]> }) {
  const [card, setCard] = useState<CardValues>(EMPTY_CARD);
  return (
    <>
      <CardFields value={card} onChange={setCard} errors={errors} />
      <output data-testid="value">{JSON.stringify(card)}</output>
    </>
  );
}

const box = (n: number) => screen.getByTestId(`card-number-${n}`) as HTMLInputElement;

describe('the card form', () => {
  it('holds 4 digits a box and moves on to the next box', () => {
    render(<Form />);
    fireEvent.change(box(1), { target: { value: '4111' } });
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: '12a3' } });
    expect(box(2).value).toBe('123');
    expect(document.activeElement).toBe(box(2));
  });

  it('spreads a whole number (autofill or paste) over the four boxes', () => {
    render(<Form />);
    fireEvent.change(box(1), { target: { value: '4111 1111 1111 1234' } });
    expect([1, 2, 3, 4].map((n) => box(n).value)).toEqual(['4111', '1111', '1111', '1234']);
    expect(document.activeElement).toBe(box(4));
    fireEvent.paste(box(2), { clipboardData: { getData: () => '5555-5555-5555' } });
    expect([1, 2, 3, 4].map((n) => box(n).value)).toEqual(['4111', '5555', '5555', '5555']);
  });

  it('keeps the limits of spec section 5 and shows each field’s error under it', () => {
    render(
      <Form
        errors={{
          card_number: ['カード番号が正しくありません。'],
          limit_year: ['有効期限が正しくありません。'],
          cvc: ['セキュリティコードが正しくありません。'],
          card: ['決済に失敗しました。'],
        }}
      />,
    );
    fireEvent.change(screen.getByTestId('card-month'), { target: { value: '123' } });
    fireEvent.change(screen.getByTestId('card-cvc'), { target: { value: '12345' } });
    fireEvent.change(screen.getByTestId('card-name'), { target: { value: 'A'.repeat(25) } });
    const value = JSON.parse(screen.getByTestId('value').textContent ?? '{}') as CardValues;
    expect([value.month, value.cvc, value.name.length]).toEqual(['12', '1234', 20]);
    expect(screen.getByTestId('card-number-error').textContent).toBe('カード番号が正しくありません。');
    expect(screen.getByTestId('card-expiry-error').textContent).toBe('有効期限が正しくありません。');
    expect(screen.getByTestId('card-cvc-field-error').textContent).toBe('セキュリティコードが正しくありません。');
    expect(screen.getByTestId('card-error').textContent).toBe('決済に失敗しました。');
    expect(box(1).getAttribute('aria-invalid')).toBe('true');
  });
});
