import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verifyLot } from '../src/verify-lot.js';
import { buildVectors } from './support/vectors.ts';

const published = (name: string) => JSON.parse(readFileSync(new URL(`../test-vectors/${name}`, import.meta.url), 'utf8')) as unknown;

describe('the published test vectors', () => {
  it('are exactly what the test side computes (run `npm run vectors -w @oripa/verifier` after a change)', () => {
    for (const [name, value] of Object.entries(buildVectors())) expect(published(name), name).toEqual(value);
  });

  it('hold a sample sold-out lot drawn with genuine quicknet rounds that verifies with its earlier head and receipt', () => {
    const report = verifyLot(published('mirror-lot-12.json'), 12, {
      earlierHead: published('mirror-lot-12-earlier-head.json'),
      receipt: published('mirror-lot-12-receipt.json'),
    });
    expect(report.failure).toBeNull();
    expect(report).toMatchObject({ ok: true, revealed: true, sold_out: true, beacon: { independent: true } });
  });
});
