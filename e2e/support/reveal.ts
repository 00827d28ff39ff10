import type { Page } from 'playwright-core';

/** On the reveal of a multi-draw: tap past the intro, then turn the whole grid face up with one tap. */
export async function turnGridFaceUp(page: Page): Promise<void> {
  await page.getByTestId('reveal-tap').click();
  const grid = page.getByTestId('reveal-grid');
  await grid.waitFor({ timeout: 20_000 });
  await grid.click();
  await page.locator('[data-testid="reveal-grid"][data-side="face"]').waitFor();
}

/** From a finished reveal to the card choice, by keyboard (Enter on the reveal's tap target). */
export async function goToCardChoice(page: Page): Promise<void> {
  await page.getByTestId('reveal-tap').focus();
  await page.keyboard.press('Enter');
  await page.waitForURL('**/get-card-list**');
  await page.getByTestId('pick-card').first().waitFor();
}
