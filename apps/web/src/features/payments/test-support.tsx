import type { PackDetail } from '@oripa/contract/catalog';
import type { PayMethod, PaymentOutcome } from '@oripa/contract/payments';
import { useLocation } from 'react-router';
import type { ApiRequest } from '@/test-utils.tsx';

/** Test-only helpers of the payment screens. */

/** A target route that shows where the app went. */
export function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname}
      {location.search}
    </p>
  );
}

export const payloadOf = (body: URLSearchParams | null) => JSON.parse(body?.get('json') ?? '{}') as Record<string, unknown>;

export interface RecordedCall {
  method: string;
  path: string;
  payload: Record<string, unknown>;
  /** The raw form body, to check what never travels (the card number). */
  body: string;
}

/** Wraps answers so every call is recorded in `calls`; the answer keeps its route's type. */
export function recorder(calls: RecordedCall[]) {
  return <T extends object>(answer: T | ((request: ApiRequest) => T)) =>
    (request: ApiRequest): T => {
      calls.push({
        method: request.method,
        path: request.path,
        payload: payloadOf(request.body),
        body: request.body?.toString() ?? '',
      });
      return typeof answer === 'function' ? answer(request) : answer;
    };
}

export const METHODS: PayMethod[] = [
  { id: '1', name: 'クレジットカード', memo: 'VISA', options: [] },
  {
    id: '2',
    name: 'コンビニ決済',
    memo: '3日以内',
    options: [
      { code: 'econ', name: 'ローソン・ファミリーマート' },
      { code: 'sej', name: 'セブン-イレブン' },
      { code: 'other', name: 'デイリーヤマザキ' },
    ],
  },
  { id: '3', name: 'Amazon Pay', memo: '', options: [] },
  { id: '4', name: '銀行振込', memo: 'カタカナ', options: [] },
  { id: '5', name: 'PayPal', memo: '', options: [] },
  {
    id: '6',
    name: 'キャリア決済',
    memo: '',
    options: [
      { code: 'docomo', name: 'ドコモ払い' },
      { code: 'au', name: 'auかんたん決済' },
      { code: 'softbank', name: 'ソフトバンクまとめて支払い' },
    ],
  },
  { id: '8', name: 'スマホ決済', memo: '', options: [] },
  { id: '12', name: 'モバイルウォレット', memo: '', options: [] },
];

export const COURSE = { id: '2', point: '3000', price: '3300', tax: '300', memo: '人気', bonus_point: '0', name_en: '' };

export function outcome(overrides: Partial<PaymentOutcome> = {}): PaymentOutcome {
  return {
    result: '1',
    payment_id: 31,
    pay_id: '5',
    payment_state: 'succeeded',
    point: '3000',
    price: '3300',
    pack_id: null,
    message: '決済が完了し、ポイントに反映されました。',
    error_code: '',
    ...overrides,
  };
}

export function pack(overrides: Partial<PackDetail> = {}): PackDetail {
  return {
    id: 9,
    name: 'テストパック',
    point: 500,
    payment_method: '1',
    pack_count: 100,
    total_pack_count: 100,
    card_type: 1,
    image: ['/media/pack-9.svg'],
    is_before: false,
    start_date: '',
    format_end_date: '',
    max_buy_count: 0,
    can_limit: 0,
    limit_message: '',
    show_cardlist: '1',
    detail: '',
    member_remaining: null,
    ...overrides,
  };
}
