import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apis, err, type Answer, type Fields } from './stand-in-api.ts';
import { tokenResultCode } from './stand-in-cards.ts';
import { challengePage, consentPage, returnPage, tokenScript } from './stand-in-pages.ts';
import { hex, StandInState, type StandInOrder } from './stand-in-state.ts';

/**
 * A local stand-in for GMO Payment Gateway, written from GMO's protocol type interface
 * documents (not from the shop's adapter): the <Name>.idPass APIs, token.js and its token API,
 * the 3-D Secure 2.0 challenge and the carrier / PayPay StartURL pages, and the result
 * notification (結果通知) posted to the shop with HTTP Basic credentials. Faults stand for a
 * GMO that does not answer in time or drops the connection.
 */
export interface GmoStandIn {
  url: string;
  shopId: string;
  shopPass: string;
  state: StandInState;
  /**
   * The next `times` calls of `api` time out (held past the client's timeout), lose the
   * connection before GMO acts ('drop'), or after it acted, the answer lost on the way ('lose-answer').
   */
  fault(api: string, mode: Fault, times?: number): void;
  /** The member pays the slip at the till (convenience store). */
  payAtTill(orderId: string): void;
  /** Money arrives in the order's virtual account (bank transfer). */
  transferIn(orderId: string): void;
  /** Posts the result notification of an order (the fields GMO sends), answering the shop's reply. */
  notify(orderId: string, options?: { credentials?: string; fields?: Fields }): Promise<{ status: number; body: string }>;
  /** Where notifications go, with the Basic credentials set in GMO's shop settings; `auto` false sends only notify()'s. */
  notifyTo(url: string, credentials: string, auto?: boolean): void;
  close(): Promise<void>;
}

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => resolve(data));
  });

type Fault = 'timeout' | 'drop' | 'lose-answer';

const formOf = (text: string): Fields => Object.fromEntries(new URLSearchParams(text));
const encode = (answer: Answer) => new URLSearchParams(Object.entries(answer).map(([k, v]): [string, string] => [k, String(v)])).toString();

export async function startGmoStandIn(options: { shopId?: string; shopPass?: string } = {}): Promise<GmoStandIn> {
  const shopId = options.shopId ?? 'tshop00000001';
  const shopPass = options.shopPass ?? 'standinpw';
  const state = new StandInState();
  const faults: { api: string; mode: Fault; times: number }[] = [];
  let notifyTarget: { url: string; credentials: string; auto: boolean } | undefined;
  let origin = '';
  const held = new Set<http.ServerResponse>();

  const notificationFields = (order: StandInOrder): Fields => ({
    ShopID: shopId, ShopPass: '**********', AccessID: order.accessId, AccessPass: '**********', OrderID: order.orderId,
    Status: order.status, JobCd: order.jobCd, Amount: String(order.amount), Tax: '0', Currency: 'JPN', PayType: order.payType,
    TranID: order.tranId, TranDate: order.tranDate, ErrCode: order.errCode, ErrInfo: order.errInfo,
  });

  async function post(orderFields: Fields, credentials: string | undefined): Promise<{ status: number; body: string }> {
    if (!notifyTarget) throw new Error('no notification URL set');
    const res = await fetch(notifyTarget.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(credentials ? { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` } : {}) },
      body: new URLSearchParams(orderFields).toString(),
    });
    return { status: res.status, body: await res.text() };
  }

  const changed = (order: StandInOrder) => {
    if (notifyTarget?.auto) void post(notificationFields(order), notifyTarget.credentials).catch(() => undefined);
  };
  const table = apis(state);

  const send = (res: http.ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': type, ...headers });
    res.end(body);
  };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' };
    if (req.method === 'OPTIONS') return send(res, 204, 'text/plain', '', cors);
    const api = /^\/payment\/([A-Za-z0-9]+)\.idPass$/.exec(url.pathname)?.[1];
    if (req.method === 'POST' && api) {
      const fault = faults.find((f) => f.api === api && f.times > 0);
      if (fault) {
        fault.times -= 1;
        if (fault.mode === 'drop') return void req.socket.destroy();
        if (fault.mode === 'timeout') return void held.add(res);
      }
      const fields = formOf(await readBody(req));
      const run = table[api];
      let answer: Answer;
      if (fields.ShopID !== shopId || fields.ShopPass !== shopPass) answer = err('E01', 'E01030002');
      else answer = run ? run(fields, { origin, changed }) : err('E01', 'E01010008');
      if (fault?.mode === 'lose-answer') return void req.socket.destroy();
      return send(res, 200, 'text/plain;charset=UTF-8', encode(answer));
    }
    if (req.method === 'GET' && url.pathname === '/ext/js/token.js') return send(res, 200, 'application/javascript', tokenScript(origin), cors);
    if (req.method === 'POST' && url.pathname === '/ext/api/credit/getToken') {
      const card = JSON.parse((await readBody(req)) || '{}') as Record<string, string>;
      if (card.shopId !== shopId) return send(res, 200, 'application/json', JSON.stringify({ resultCode: '901' }), cors);
      const resultCode = tokenResultCode(card);
      if (resultCode !== '000') return send(res, 200, 'application/json', JSON.stringify({ resultCode }), cors);
      const token = hex(32);
      state.tokens.set(token, { cardNumber: card.cardno ?? '', used: false });
      const tokenObject = { token: [token], toBeExpiredAt: '', maskedCardNo: `${(card.cardno ?? '').slice(0, 6)}******${(card.cardno ?? '').slice(-4)}`, isSecurityCodeSet: Boolean(card.securitycode) };
      return send(res, 200, 'application/json', JSON.stringify({ resultCode, tokenObject }), cors);
    }
    const html = (body: string) => send(res, 200, 'text/html; charset=utf-8', body);
    if (req.method === 'GET' && url.pathname === '/stand-in/3ds/challenge') {
      const order = state.byAccessId(url.searchParams.get('AccessID'));
      return order ? html(challengePage(order.accessId, String(order.amount))) : send(res, 404, 'text/plain', 'not found');
    }
    if (req.method === 'POST' && url.pathname === '/stand-in/3ds/decide') {
      const fields = formOf(await readBody(req));
      const order = state.byAccessId(fields.AccessID);
      if (!order || order.tds !== 'pending') return send(res, 404, 'text/plain', 'not found');
      order.tds = fields.decision === 'approve' ? 'approved' : 'declined';
      if (order.tds === 'approved') order.status = 'AUTHENTICATED';
      return html(returnPage(order.retUrl, { AccessID: order.accessId }));
    }
    if (req.method === 'POST' && url.pathname === '/stand-in/start') {
      const fields = formOf(await readBody(req));
      const order = state.byAccessId(fields.AccessID);
      if (!order || order.startToken === '' || order.startToken !== fields.Token) return send(res, 400, 'text/plain', 'bad start');
      // GMO's start window (PaymentTermSec) closed: the flow cannot begin.
      if (order.status !== 'REQSUCCESS' || Date.now() > order.startLimit) return send(res, 400, 'text/plain', 'start window closed');
      order.status = 'AUTHPROCESS';
      return html(consentPage(order.accessId, order.startToken, `PayType ${order.payType}`, String(order.amount)));
    }
    if (req.method === 'POST' && url.pathname === '/stand-in/start/decide') {
      const fields = formOf(await readBody(req));
      const order = state.byAccessId(fields.AccessID);
      if (!order || order.status !== 'AUTHPROCESS' || order.startToken !== fields.Token) return send(res, 400, 'text/plain', 'bad decision');
      if (fields.decision === 'approve') state.settle(order, order.jobCd === 'AUTH' ? 'AUTH' : 'CAPTURE');
      else {
        // The member backed out at the carrier (a stand-in choice of error code).
        Object.assign(order, { errCode: 'P01', errInfo: 'P01000001' });
        state.settle(order, 'PAYFAIL');
      }
      changed(order);
      return html(returnPage(order.retUrl, { ShopID: shopId, OrderID: order.orderId, Status: order.status, TranDate: order.tranDate, ErrCode: order.errCode, ErrInfo: order.errInfo }));
    }
    // Browsers ask every origin for its icon.
    if (req.method === 'GET' && url.pathname === '/favicon.ico') return send(res, 204, 'image/x-icon', '');
    if (req.method === 'GET' && url.pathname === '/stand-in/cvs/slip') return html('<!doctype html><title>払込票</title><h1>払込票 / Payment slip</h1>');
    return send(res, 404, 'text/plain', 'not found');
  }

  const server = http.createServer((req, res) => void handle(req, res).catch(() => send(res, 500, 'text/plain', 'stand-in error')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    shopId,
    shopPass,
    state,
    fault: (api, mode, times = 1) => void faults.push({ api, mode, times }),
    payAtTill(orderId) {
      const order = state.orders.get(orderId);
      if (!order || order.status !== 'REQSUCCESS') throw new Error(`order ${orderId} has no open slip`);
      state.settle(order, 'PAYSUCCESS');
      changed(order);
    },
    transferIn(orderId) {
      const order = state.orders.get(orderId);
      if (!order || order.status !== 'TRADING') throw new Error(`order ${orderId} has no open virtual account`);
      state.settle(order, 'PAYSUCCESS');
      changed(order);
    },
    notify(orderId, opts = {}) {
      const order = state.orders.get(orderId);
      const fields = { ...(order ? notificationFields(order) : {}), ...opts.fields };
      return post(fields, opts.credentials ?? notifyTarget?.credentials);
    },
    notifyTo(url, credentials, auto = true) {
      notifyTarget = { url, credentials, auto };
    },
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
