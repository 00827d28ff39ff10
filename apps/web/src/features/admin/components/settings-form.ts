/**
 * Reading a settings form into its call's payload: numbers stay the strings typed (the contract
 * accepts digits and refuses anything else with a message under the field), checkboxes become
 * booleans. The server validates; nothing here second-guesses it.
 */
export function formPayload(form: HTMLFormElement, checkboxes: readonly string[] = []): Record<string, unknown> {
  const data = new FormData(form);
  const payload: Record<string, unknown> = {};
  for (const [key, value] of data.entries()) {
    if (typeof value === 'string' && !checkboxes.includes(key)) payload[key] = value;
  }
  for (const key of checkboxes) payload[key] = data.get(key) === 'on';
  return payload;
}

/** An ISO instant as the value of a datetime-local input in Japan time ('2026-12-01T10:00'). */
export function jstInputValue(iso: string | null): string {
  if (!iso) return '';
  return new Date(new Date(iso).getTime() + 9 * 3_600_000).toISOString().slice(0, 16);
}

/** A datetime-local value typed in Japan time as the ISO moment the server takes ('' stays open). */
export function jstMoment(value: unknown): string {
  return typeof value === 'string' && value !== '' ? `${value}:00+09:00` : '';
}
