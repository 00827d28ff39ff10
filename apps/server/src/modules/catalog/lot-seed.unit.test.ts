import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lotSeedHash, newLotSeed } from './lot-seed.ts';

describe('newLotSeed', () => {
  it('makes a 32-byte hex secret committed by the SHA-256 of that string', () => {
    const { secret, hash } = newLotSeed();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(lotSeedHash(secret)).toBe(hash);
  });

  it('never repeats', () => {
    const secrets = new Set(Array.from({ length: 100 }, () => newLotSeed().secret));
    expect(secrets.size).toBe(100);
  });

  it('hashes a known secret to its published value', () => {
    expect(lotSeedHash('00'.repeat(32))).toBe(
      '60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55',
    );
  });
});
