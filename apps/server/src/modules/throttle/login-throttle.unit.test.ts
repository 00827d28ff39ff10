import { describe, expect, it } from 'vitest';
import { IP_RULE, lockedUntil, MAIL_RULE } from './login-throttle.ts';

const MIN = 60_000;
const now = new Date('2026-06-01T12:00:00Z');
const ago = (minutes: number) => new Date(now.getTime() - minutes * MIN);

describe('lockedUntil', () => {
  it('locks an address 15 minutes after its 5th failure within 15 minutes', () => {
    const failures = [ago(1), ago(2), ago(3), ago(4), ago(5)];
    expect(lockedUntil(failures, now, MAIL_RULE)).toEqual(new Date(ago(1).getTime() + 15 * MIN));
  });

  it('does not lock after 4 failures', () => {
    expect(lockedUntil([ago(1), ago(2), ago(3), ago(4)], now, MAIL_RULE)).toBeUndefined();
  });

  it('does not lock when the 5 failures are spread over more than 15 minutes', () => {
    expect(lockedUntil([ago(1), ago(5), ago(9), ago(13), ago(16)], now, MAIL_RULE)).toBeUndefined();
  });

  it('ends the lock 15 minutes after the last failure', () => {
    const failures = [ago(15), ago(16), ago(17), ago(18), ago(19)];
    expect(lockedUntil(failures, now, MAIL_RULE)).toBeUndefined();
    const fresh = [ago(14), ago(16), ago(17), ago(18), ago(19)];
    expect(lockedUntil(fresh, now, MAIL_RULE)).toEqual(new Date(now.getTime() + MIN));
  });

  it('locks an IP after 20 failures, not 19', () => {
    const times = Array.from({ length: 20 }, (_, i) => ago(i * 0.5));
    expect(lockedUntil(times.slice(0, 19), now, IP_RULE)).toBeUndefined();
    expect(lockedUntil(times, now, IP_RULE)).toEqual(new Date(now.getTime() + 15 * MIN));
  });

  it('has no lock without failures', () => {
    expect(lockedUntil([], now, MAIL_RULE)).toBeUndefined();
  });
});
