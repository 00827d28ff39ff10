import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes with argon2id and verifies', async () => {
    const stored = await hashPassword('secret123');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored).not.toContain('secret123');
    expect(await hashPassword('secret123')).not.toBe(stored); // salted
    expect(await verifyPassword(stored, 'secret123')).toBe(true);
    expect(await verifyPassword(stored, 'secret124')).toBe(false);
  });

  it('refuses without a usable hash, after a verification of the same cost', async () => {
    expect(await verifyPassword(undefined, 'secret123')).toBe(false);
    expect(await verifyPassword('no-login', 'no-login')).toBe(false);
    expect(await verifyPassword('$argon2id$garbage', 'x')).toBe(false);
  });
});
