import { PAY_ID } from '@oripa/contract/constants';
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { PurchaseTerms } from '@/features/catalog/components/purchase-terms.tsx';
import { PointFinalTerms } from '@/features/payments/components/point-final-terms.tsx';

const course = { point: '5000', bonus_point: '0', price: '5500', tax: '500', methods: [] };
const method = (id: number, name: string) => ({ id: String(id), name, memo: '', options: [] });

afterEach(async () => {
  await i18next.changeLanguage('ja');
});

describe('PointFinalTerms (特定商取引法 12-6 on /confirm-buy-point)', () => {
  it('states quantity, price with its tax, the method and when a card is charged and the points arrive', () => {
    render(<PointFinalTerms course={course} method={method(PAY_ID.card, 'クレジットカード')} />);
    expect(screen.getByTestId('terms-quantity').textContent).toBe('5,000P');
    expect(screen.getByTestId('terms-price').textContent).toBe('¥5,500（うち消費税 ¥500）');
    expect(screen.getByTestId('terms-method').textContent).toBe('クレジットカード');
    expect(screen.getByTestId('terms-charged').textContent).toContain('確定した時点');
    expect(screen.getByTestId('terms-arrival').textContent).toContain('すぐに付与');
    expect(screen.getByTestId('terms-shipping').textContent).toContain('14営業日以内');
    expect(screen.getByTestId('terms-no-cancel').textContent).toContain('キャンセル・返金・返品はできません');
    expect(screen.getByTestId('terms-expiry').textContent).toContain('6か月');
    expect(screen.getByTestId('final-terms-point-link').getAttribute('href')).toBe('/point-terms-of-service');
    expect(screen.getByTestId('final-terms-terms-link').getAttribute('href')).toBe('/terms-of-service');
  });

  it.each([
    [PAY_ID.combini, 'コンビニ', 'コンビニでのお支払いの確認後'],
    [PAY_ID.bank, '3営業日以内', 'お振り込みの確認後'],
    [PAY_ID.remittance, '3日以内に送金先', '送金の確認後'],
    [PAY_ID.carrier, '承認した時点', 'すぐに付与'],
  ])('for pay id %s says when it is charged (%s) and when the points arrive (%s)', (payId, charged, arrival) => {
    render(<PointFinalTerms course={course} method={method(payId, 'x')} />);
    expect(screen.getByTestId('terms-charged').textContent).toContain(charged);
    expect(screen.getByTestId('terms-arrival').textContent).toContain(arrival);
  });

  it('shows nothing while no method is offered, and speaks English in English mode', async () => {
    const { container, rerender } = render(<PointFinalTerms course={course} method={undefined} />);
    expect(container.textContent).toBe('');
    await act(() => i18next.changeLanguage('en'));
    rerender(<PointFinalTerms course={course} method={method(PAY_ID.bank, 'Bank transfer')} />);
    expect(screen.getByTestId('terms-price').textContent).toBe('¥5,500 (incl. ¥500 consumption tax)');
    expect(screen.getByTestId('terms-arrival').textContent).toContain('next business day');
  });
});

describe('PurchaseTerms (the pack purchase modal)', () => {
  it('states the count, total and unit price, points as the method and the 24-hour choice for a point pack', () => {
    render(<PurchaseTerms pack={{ payment_method: '1', point: 500 }} count={3000} cost={1_500_000} />);
    expect(screen.getByTestId('terms-quantity').textContent).toBe('3,000回');
    expect(screen.getByTestId('terms-price').textContent).toBe('1,500,000P（1回 500P）');
    expect(screen.getByTestId('terms-method').textContent).toBe('保有ポイント');
    expect(screen.getByTestId('terms-decision').textContent).toContain('24時間以内');
  });

  it('says a coin pack ships only', () => {
    render(<PurchaseTerms pack={{ payment_method: '2', point: 30 }} count={1} cost={30} />);
    expect(screen.getByTestId('terms-method').textContent).toBe('保有コイン');
    expect(screen.getByTestId('terms-decision').textContent).toContain('ポイントに変換できず');
  });
});
