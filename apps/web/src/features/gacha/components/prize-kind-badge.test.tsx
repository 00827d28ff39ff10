import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RevealCard } from '../reveal/reveal-card.tsx';
import { makeCard } from '../test-results.ts';
import { PickCard } from './pick-card.tsx';

const LAST = makeCard(1, { name: 'ラストワン', rarity: 7, rarity_label: 'UR', kind: 'last_one' });
const MILESTONE = makeCard(2, { name: '節目賞', rarity: 5, rarity_label: 'SR', kind: 'milestone', milestone_number: 100 });
const LOT = makeCard(3, { name: 'ノーマル', kind: 'lot' });

describe('prize kind badge', () => {
  // The milestone prize has one name everywhere: 節目賞, as the pack page and the fairness texts call it.
  it('shows 「ラストワン賞」 and 「節目賞（100口目）」 on the revealed card, nothing on a lot card', () => {
    const view = render(
      <>
        {[LAST, MILESTONE, LOT, makeCard(4)].map((card) => (
          <RevealCard key={card.history_id} card={card} side="face" instant showValue calm={false} />
        ))}
      </>,
    );
    expect(screen.getAllByTestId('prize-kind-badge').map((b) => b.textContent)).toEqual(['ラストワン賞', '節目賞（100口目）']);
    view.unmount();
  });

  it('shows the badge in the card choice', () => {
    render(<PickCard card={MILESTONE} shipped={false} locked={false} onToggle={() => {}} />);
    expect(screen.getByTestId('prize-kind-badge').textContent).toBe('節目賞（100口目）');
  });
});
