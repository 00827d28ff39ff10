/** A webhook gets this long to answer; the sweep goes on without it. */
const WEBHOOK_TIMEOUT_MS = 5_000;

/**
 * Posts an alert to the shop's webhook as Slack's incoming webhooks take it (`{"text": …}`; also
 * read by Discord's /slack endpoint and most chat relays), Japanese then English. True when the
 * webhook answered 2xx.
 */
export async function postToWebhook(url: string, alert: { kind: string; message: { ja: string; en: string } }): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: `【オリパ】${alert.message.ja}\n${alert.message.en}`, kind: alert.kind }),
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      redirect: 'error',
    });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}
