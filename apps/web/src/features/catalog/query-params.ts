/** A whole number (0 or more) from a query value ('3' → 3); undefined for anything else. */
export function parseWholeNumber(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  return Number(value);
}
