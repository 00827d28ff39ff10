import type { Page } from 'playwright-core';

/** The sandbox's card that always succeeds (apps/server payments sandbox). */
export const SANDBOX_CARD = '4111111111111111';

/** Types a card into the shop's card form (/confirm-buy-point): four boxes of digits, expiry three years on, CVC, name. */
export async function fillCard(page: Page, { number = SANDBOX_CARD, name = 'TARO YAMADA' }: { number?: string; name?: string } = {}): Promise<void> {
  for (let box = 0; box < 4; box += 1) await page.getByTestId(`card-number-${box + 1}`).fill(number.slice(box * 4, box * 4 + 4));
  await page.getByTestId('card-month').fill('12');
  await page.getByTestId('card-year').fill(String((new Date().getFullYear() + 3) % 100).padStart(2, '0'));
  await page.getByTestId('card-cvc').fill('123');
  await page.getByTestId('card-name').fill(name);
}

/** Buys a point course with the sandbox card from its confirmation page; answers the payment's id. */
export async function payByCard(page: Page, courseId: string | number): Promise<number> {
  await page.goto(`/confirm-buy-point?pointPriceId=${courseId}`);
  await page.getByTestId('confirm-summary').waitFor();
  await fillCard(page);
  await page.getByTestId('pay-submit').click();
  await page.waitForURL('**/complete-carrier?payment_id=*&pay_id=1');
  await page.getByTestId('pay-result-success').waitFor();
  return Number(new URL(page.url()).searchParams.get('payment_id'));
}
