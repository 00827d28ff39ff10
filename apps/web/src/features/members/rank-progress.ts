/** The rank bar of my page: this month's spend against the spend of the next rank. */
export interface RankProgress {
  /** 0 … 1, the width of the bar. */
  ratio: number;
  /** Yen still to spend this month for the next rank; 0 when reached. */
  remaining: number;
  reached: boolean;
}

export function rankProgress(current: number, max: number): RankProgress {
  const spent = Math.max(0, current);
  if (max <= 0) return { ratio: 1, remaining: 0, reached: true };
  const ratio = Math.min(1, spent / max);
  return { ratio, remaining: Math.max(0, max - spent), reached: spent >= max };
}

/** A decimal coin amount ('1234.5', '12.30') in hundredths, so no float rounding decides. */
export function coinCents(value: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?/.exec(value.trim());
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : 0;
}
