import { GmoClient } from '../../modules/payments/gmo/gmo-protocol.ts';
import { readGmoSettings } from '../../modules/payments/gmo/gmo-settings.ts';

/**
 * `npm run payments:check -- --provider gmo`: one ¥100 payment on GMO's test environment with the
 * operator's test credentials, then cancelled, each step printed. The card path needs a token
 * that only GMO's token.js makes in a browser, so the check uses a convenience-store order:
 * EntryTranCvs → ExecTranCvs (a 7-Eleven slip) → SearchTradeMulti → CvsCancel → SearchTradeMulti.
 * It refuses GMO's production API, where the slip would be real.
 */
const PRODUCTION_API = 'https://p01.mul-pay.jp';

export async function runCheck(step: (label: string, fn: () => Promise<unknown>) => Promise<void>, env: NodeJS.ProcessEnv): Promise<void> {
  const settings = readGmoSettings(env);
  if (settings.GMO_API_URL.replace(/\/$/, '') === PRODUCTION_API) {
    throw new Error(`GMO_API_URL is GMO's production API (${PRODUCTION_API}): the check runs on the test environment only (https://pt01.mul-pay.jp)`);
  }
  const client = new GmoClient(settings);
  const orderId = `${settings.GMO_ORDER_PREFIX}chk${Date.now().toString(36)}`.slice(0, 27);
  let keys = { AccessID: '', AccessPass: '' };
  await step(`EntryTranCvs ${orderId} ¥100`, async () => {
    const entry = await client.call('EntryTranCvs', { OrderID: orderId, Amount: 100 });
    keys = { AccessID: entry.AccessID ?? '', AccessPass: entry.AccessPass ?? '' };
    return { AccessID: keys.AccessID };
  });
  await step('ExecTranCvs (7-Eleven slip)', async () => {
    const exec = await client.call('ExecTranCvs', {
      ...keys,
      OrderID: orderId,
      Convenience: settings.GMO_CVS_SEJ,
      CustomerName: settings.GMO_CVS_CUSTOMER_NAME,
      CustomerKana: settings.GMO_CVS_CUSTOMER_KANA,
      TelNo: settings.GMO_CVS_TEL,
      PaymentTermDay: 1,
    });
    return { ReceiptNo: exec.ReceiptNo, PaymentTerm: exec.PaymentTerm };
  });
  await step('SearchTradeMulti: the slip is issued', async () => {
    const trade = await client.call('SearchTradeMulti', { OrderID: orderId, PayType: '3' });
    if (trade.Status !== 'REQSUCCESS') throw new Error(`expected REQSUCCESS, GMO says ${trade.Status}`);
    return { Status: trade.Status, Amount: trade.Amount };
  });
  await step('CvsCancel', () => client.call('CvsCancel', { ...keys, OrderID: orderId }).then((a) => ({ Status: a.Status })));
  await step('SearchTradeMulti: cancelled', async () => {
    const trade = await client.call('SearchTradeMulti', { OrderID: orderId, PayType: '3' });
    if (trade.Status !== 'CANCEL') throw new Error(`expected CANCEL, GMO says ${trade.Status}`);
    return { Status: trade.Status };
  });
}
