import * as contract from '@oripa/contract/catalog';
import { describe, expect, it } from 'vitest';
import { ALL_CARD_TYPES, MAX_PURCHASE_COUNT, RARITY_TIERS } from './catalog-constants.ts';

describe('catalogue constants of the web app', () => {
  it('match the shared contract', () => {
    expect(MAX_PURCHASE_COUNT).toBe(contract.MAX_PURCHASE_COUNT);
    expect(ALL_CARD_TYPES).toBe(contract.ALL_CARD_TYPES);
    expect(RARITY_TIERS).toEqual(contract.RARITY_TIERS);
  });
});
