import { behaviourOf } from './stand-in-cards.ts';
import { gmoDate, hex, type StandInOrder, type StandInState } from './stand-in-state.ts';

/**
 * The protocol type APIs (<Name>.idPass) as GMO documents them: form fields in, `key=value&…`
 * out, errors as ErrCode / ErrInfo. Unknown order or access keys: E01 / E01110002.
 */
export type Fields = Record<string, string>;
export type Answer = Record<string, string | number>;
export type Api = (fields: Fields, ctx: { origin: string; changed(order: StandInOrder): void }) => Answer;

export const err = (errCode: string, errInfo: string): Answer => ({ ErrCode: errCode, ErrInfo: errInfo });
const NOT_FOUND = err('E01', 'E01110002');
const KIND_PAY_TYPE: Record<string, string> = { Docomo: '9', Au: '8', Sb: '11', Paypay: '45' };

function tradeFields(order: StandInOrder): Answer {
  return { OrderID: order.orderId, Status: order.status, JobCd: order.jobCd, AccessID: order.accessId, AccessPass: order.accessPass, Amount: order.amount, Tax: 0, TranID: order.tranId, TranDate: order.tranDate, ProcessDate: order.tranDate };
}

export function apis(state: StandInState): Record<string, Api> {
  const table: Record<string, Api> = {
    EntryTran: (f) => {
      if (state.orders.has(f.OrderID ?? '')) return err('E01', 'E01040010');
      if (!f.OrderID || !f.Amount || !f.JobCd) return err('E01', 'E01040001');
      const order = state.enter(f.OrderID, '0', f.JobCd, Number(f.Amount));
      if (f.TdFlag === '2') order.tds = 'pending';
      return { AccessID: order.accessId, AccessPass: order.accessPass };
    },
    ExecTran: (f, ctx) => {
      const order = state.byAccess(f.AccessID, f.AccessPass);
      if (!order || order.orderId !== f.OrderID) return NOT_FOUND;
      if (order.status !== 'UNPROCESSED') return err('E01', 'E01050004');
      const token = state.tokens.get(f.Token ?? '');
      if (!token || token.used) return err('E61', 'E61010002');
      token.used = true;
      const behaviour = behaviourOf(token.cardNumber);
      if (behaviour.kind === 'error') return err(behaviour.errCode, behaviour.errInfo);
      if (behaviour.kind === 'challenge' && order.tds === 'pending') {
        if (!f.RetUrl) return err('E01', 'E01230009');
        order.retUrl = f.RetUrl;
        return { ACS: '2', RedirectUrl: `${ctx.origin}/stand-in/3ds/challenge?AccessID=${order.accessId}` };
      }
      state.settle(order, order.jobCd === 'AUTH' ? 'AUTH' : 'CAPTURE');
      ctx.changed(order);
      return { ACS: '0', OrderID: order.orderId, Forward: '2a99662', Method: '1', Approve: hex(3), TranID: order.tranId, TranDate: order.tranDate, CheckString: hex(16) };
    },
    SecureTran2: (f, ctx) => {
      const order = state.byAccess(f.AccessID, f.AccessPass);
      if (!order) return NOT_FOUND;
      if (order.status !== 'UNPROCESSED' && order.status !== 'AUTHENTICATED') return err('E01', 'E01050004');
      if (order.tds === 'declined') return err('E41', 'E41170002');
      // The challenge not answered yet (a stand-in choice of code: any error but E41).
      if (order.tds !== 'approved') return err('E01', 'E01240002');
      state.settle(order, 'CAPTURE');
      ctx.changed(order);
      return { OrderID: order.orderId, Forward: '2a99662', Method: '1', Approve: hex(3), TranID: order.tranId, TranDate: order.tranDate };
    },
    SearchTrade: (f) => {
      const order = state.orders.get(f.OrderID ?? '');
      return order && order.payType === '0' ? tradeFields(order) : NOT_FOUND;
    },
    SearchTradeMulti: (f) => {
      const order = state.orders.get(f.OrderID ?? '');
      if (!order || order.payType !== f.PayType) return NOT_FOUND;
      const cvs: Answer = order.cvs ? { CvsCode: order.cvs.convenience, CvsConfNo: order.cvs.confNo, CvsReceiptNo: order.cvs.receiptNo, PaymentTerm: order.cvs.paymentTerm } : {};
      return { ...tradeFields(order), PayType: order.payType, ...cvs };
    },
    AlterTran: (f, ctx) => {
      const order = state.byAccess(f.AccessID, f.AccessPass);
      if (!order) return NOT_FOUND;
      if (!['VOID', 'RETURN', 'RETURNX'].includes(f.JobCd ?? '')) return err('E01', 'E01060010');
      if (!['CAPTURE', 'SALES', 'AUTH'].includes(order.status)) return err('E01', 'E01050004');
      state.settle(order, f.JobCd as string);
      ctx.changed(order);
      return { AccessID: order.accessId, AccessPass: order.accessPass, Forward: '2a99662', Approve: hex(3), TranID: order.tranId, TranDate: order.tranDate };
    },
    ChangeTran: (f, ctx) => {
      const order = state.byAccess(f.AccessID, f.AccessPass);
      if (!order) return NOT_FOUND;
      const amount = Number(f.Amount);
      if (!Number.isInteger(amount) || amount < 1) return err('E01', 'E01070005');
      if (!['CAPTURE', 'SALES', 'AUTH'].includes(order.status)) return err('E01', 'E01050004');
      order.amount = amount;
      state.settle(order, 'CAPTURE');
      ctx.changed(order);
      return { AccessID: order.accessId, AccessPass: order.accessPass, Forward: '2a99662', Approve: hex(3), TranID: order.tranId, TranDate: order.tranDate };
    },
    EntryTranCvs: (f) => {
      if (state.orders.has(f.OrderID ?? '')) return err('E01', 'E01040010');
      const order = state.enter(f.OrderID ?? '', '3', 'CAPTURE', Number(f.Amount));
      return { AccessID: order.accessId, AccessPass: order.accessPass };
    },
    ExecTranCvs: (f, ctx) => {
      const order = state.byAccess(f.AccessID, f.AccessPass);
      if (!order) return NOT_FOUND;
      if (!/^\d{5}$/.test(f.Convenience ?? '')) return err('E01', 'E01130002');
      if (!f.CustomerName || !f.CustomerKana || !f.TelNo) return err('E01', 'E01140001');
      const days = Number(f.PaymentTermDay || '14');
      const term = gmoDate(new Date(Date.now() + days * 86_400_000)).slice(0, 8) + '235959';
      order.cvs = { convenience: f.Convenience as string, receiptNo: String(Math.floor(Math.random() * 1e10)).padStart(10, '0'), confNo: f.Convenience === '00007' ? '' : '4001', paymentTerm: term, receiptUrl: `${ctx.origin}/stand-in/cvs/slip?AccessID=${order.accessId}` };
      state.settle(order, 'REQSUCCESS');
      return { OrderID: order.orderId, Convenience: order.cvs.convenience, ConfNo: order.cvs.confNo, ReceiptNo: order.cvs.receiptNo, PaymentTerm: term, TranDate: order.tranDate, ReceiptUrl: order.cvs.receiptUrl, CheckString: hex(16) };
    },
    CvsCancel: (f, ctx) => {
      const order = state.byAccess(f.AccessID, f.AccessPass);
      if (!order) return NOT_FOUND;
      if (order.status !== 'REQSUCCESS') return err('E01', 'E01050004');
      state.settle(order, 'CANCEL');
      ctx.changed(order);
      return { OrderID: order.orderId, Status: order.status };
    },
    EntryTranGANB: (f) => {
      if (state.orders.has(f.OrderID ?? '')) return err('E01', 'E01040010');
      const order = state.enter(f.OrderID ?? '', '36', 'CAPTURE', Number(f.Amount));
      return { AccessID: order.accessId, AccessPass: order.accessPass };
    },
    ExecTranGANB: (f) => {
      const order = state.byAccess(f.AccessID, f.AccessPass);
      if (!order || order.orderId !== f.OrderID) return NOT_FOUND;
      state.settle(order, 'TRADING');
      const accountNumber = String(1_000_000 + state.orders.size).slice(-7);
      const available = gmoDate(new Date(Date.now() + Number(f.TradeDays || '14') * 86_400_000)).slice(0, 8);
      return { AccessID: order.accessId, BankCode: '0310', BankName: 'ＧＭＯあおぞらネット銀行', BranchCode: '101', BranchName: 'スタンドイン支店', AccountType: '1', AccountNumber: accountNumber, AccountHolderName: 'ｵﾘﾊﾟ', AvailableDate: available };
    },
    CancelTranGANB: (f, ctx) => {
      const order = state.byAccess(f.AccessID, f.AccessPass);
      if (!order || order.orderId !== f.OrderID) return NOT_FOUND;
      if (order.status !== 'TRADING') return err('E01', 'E01050004');
      state.settle(order, 'STOP');
      ctx.changed(order);
      return { AccessID: order.accessId, Status: order.status };
    },
  };
  for (const [kind, payType] of Object.entries(KIND_PAY_TYPE)) {
    table[`EntryTran${kind}`] = (f) => {
      if (state.orders.has(f.OrderID ?? '')) return err('E01', 'E01040010');
      const order = state.enter(f.OrderID ?? '', payType, f.JobCd ?? 'CAPTURE', Number(f.Amount));
      return { AccessID: order.accessId, AccessPass: order.accessPass };
    };
    table[`ExecTran${kind}`] = (f, ctx) => {
      const order = state.byAccess(f.AccessID, f.AccessPass);
      if (!order) return NOT_FOUND;
      if (!f.RetURL) return err('E01', 'E01230009');
      order.retUrl = f.RetURL;
      order.startToken = hex(24);
      state.settle(order, 'REQSUCCESS');
      order.startLimit = Date.now() + Number(f.PaymentTermSec || '120') * 1000;
      const limit = gmoDate(new Date(order.startLimit));
      return { AccessID: order.accessId, Token: order.startToken, StartURL: `${ctx.origin}/stand-in/start`, StartLimitDate: limit };
    };
    table[kind === 'Sb' ? 'SbCancel' : `${kind}CancelReturn`] = (f, ctx) => {
      const order = state.byAccess(f.AccessID, f.AccessPass);
      if (!order || order.orderId !== f.OrderID) return NOT_FOUND;
      const cancel = Number(f.CancelAmount);
      if (!['CAPTURE', 'SALES', 'AUTH'].includes(order.status)) return err('E01', 'E01050004');
      if (!Number.isInteger(cancel) || cancel < 1 || cancel > order.amount) return err('E01', 'E01070005');
      order.amount -= cancel;
      state.settle(order, order.amount === 0 ? 'CANCEL' : order.status);
      ctx.changed(order);
      return { OrderID: order.orderId, Status: order.status, CancelAmount: cancel };
    };
  }
  return table;
}
