import { PAY_ID } from '@oripa/contract/constants';
import { taxIncluded, type PayMethod } from '@oripa/contract/payments';
import { STATE } from '@oripa/contract/states';
import type { FieldErrors } from '@oripa/contract/wire';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AlertDialog } from '@/components/alert-dialog.tsx';
import { firstError } from '@/lib/api-client.ts';
import { formatPoints, formatYen } from '@/lib/format.ts';
import { withLoading } from '@/lib/loading.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { getButtonSignature, type PayStyle } from '../api/payment-calls.ts';
import { leaveTo } from '../browser-location.ts';
import { clearCardDraft, peekCardDraft } from '../card-draft.ts';
import { EMPTY_CARD, toCardInput, type CardValues } from '../card-values.ts';
import { CardFields } from '../components/card-fields.tsx';
import { CheckoutWallet, useCheckoutSession } from '../components/checkout-wallet.tsx';
import { FieldFrame } from '../components/field-frame.tsx';
import { PointFinalTerms } from '../components/point-final-terms.tsx';
import { MethodList, OptionChoice } from '../components/method-list.tsx';
import { buyPointPath } from '../payment-paths.ts';
import { useCouponText } from '@/components/coupon-texts.ts';
import { useCouponQuote } from '../coupon-code.ts';
import { firstMessage, purchasePoints, type MethodInput, type PurchaseOutcome } from '../purchase-flow.ts';

interface ConfirmFormProps {
  course: PayStyle & { id: string };
  pointPriceId: number;
  packId: number | undefined;
  /** Back from the checkout wallet's sign-in (payment id 3). */
  checkoutSessionId: string | undefined;
}

interface AlertState {
  message: string;
  tone: 'error' | 'success';
  /** Where to go once the member closed it. */
  then?: string;
}

function defaultMethod(methods: PayMethod[], checkoutSessionId: string | undefined, hasCardDraft: boolean): string {
  const offered = (id: number) => methods.some((m) => m.id === String(id));
  if (checkoutSessionId !== undefined && offered(PAY_ID.wallet)) return String(PAY_ID.wallet);
  if (hasCardDraft && offered(PAY_ID.card)) return String(PAY_ID.card);
  return methods[0]?.id ?? '';
}

type SubmitKind = 'card' | 'combini' | 'bank' | 'remittance' | 'redirect' | 'checkoutStart' | 'checkoutPlace';

function submitKind(payId: number, hasSession: boolean): SubmitKind {
  if (payId === PAY_ID.card) return 'card';
  if (payId === PAY_ID.combini) return 'combini';
  if (payId === PAY_ID.bank) return 'bank';
  if (payId === PAY_ID.remittance) return 'remittance';
  if (payId === PAY_ID.wallet) return hasSession ? 'checkoutPlace' : 'checkoutStart';
  return 'redirect';
}

/** The applied coupon's line in the summary. */
function CouponLine({ code, yen }: { code: string; yen: number }) {
  const ct = useCouponText();
  return (
    <div className="pay-summary__row" data-testid="confirm-coupon">
      <span className="pay-summary__label">{ct('buyConfirm', { code, yen: formatYen(yen) })}</span>
    </div>
  );
}

/**
 * The payment part of /confirm-buy-point: the course, the method choice with each method's
 * inputs, and the buy button. What the answer means is decided by purchase-flow.ts.
 */
export function ConfirmForm({ course, pointPriceId, packId, checkoutSessionId }: ConfirmFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft] = useState(peekCardDraft);
  const [payId, setPayId] = useState(() => defaultMethod(course.methods, checkoutSessionId, draft !== null));
  const [card, setCard] = useState<CardValues>(draft ?? EMPTY_CARD);
  const [combiniCode, setCombiniCode] = useState('');
  const [carrierId, setCarrierId] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<AlertState | null>(null);
  const [leaving, setLeaving] = useState(false);
  const busy = useRef(false);
  const checkout = useCheckoutSession(checkoutSessionId);
  const method = course.methods.find((m) => m.id === payId);
  const numericPayId = Number(payId);
  const kind = submitKind(numericPayId, checkout.isSuccess);

  // The draft of /card-input is used once.
  useEffect(() => clearCardDraft(), []);

  // Back from another page with the browser's back button (restored from the page cache).
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const apply = (outcome: PurchaseOutcome) => {
    if (outcome.kind === 'navigate') navigate(outcome.to);
    else if (outcome.kind === 'leave') {
      setLeaving(true);
      leaveTo(outcome.href);
    } else if (outcome.kind === 'success-alert') {
      setAlert({ message: t('payments.result.successText'), tone: 'success', then: outcome.then });
    } else {
      setErrors(outcome.errors);
      setAlert({ message: outcome.message, tone: 'error' });
    }
  };

  const methodInput = (): MethodInput | null => {
    switch (numericPayId) {
      case PAY_ID.card:
        return { payId: PAY_ID.card, card: toCardInput(card) };
      case PAY_ID.mobile:
        return { payId: PAY_ID.mobile };
      case PAY_ID.combini:
        return { payId: PAY_ID.combini, combiniCode };
      case PAY_ID.bank:
        return { payId: PAY_ID.bank, name };
      case PAY_ID.carrier:
        return { payId: PAY_ID.carrier, carrierId };
      case PAY_ID.wallet2:
        return { payId: PAY_ID.wallet2 };
      case PAY_ID.mobileWallet:
        return { payId: PAY_ID.mobileWallet };
      case PAY_ID.remittance:
        return { payId: PAY_ID.remittance };
      case PAY_ID.wallet:
        return checkout.data ? { payId: PAY_ID.wallet, checkoutSessionId: checkout.data.sessionId } : null;
      default:
        return null;
    }
  };

  /** The checkout wallet starts at the wallet's sign-in with the signed button payload. */
  const startCheckout = async () => {
    const signed = await withLoading(() => getButtonSignature(pointPriceId));
    if (signed.state === STATE.ok && signed.button_url) {
      setLeaving(true);
      leaveTo(signed.button_url);
    } else {
      setAlert({ message: firstMessage(signed.errors) ?? t('payments.errors.walletError'), tone: 'error' });
    }
  };

  const submit = async () => {
    if (busy.current || leaving) return;
    busy.current = true;
    setErrors({});
    try {
      if (kind === 'checkoutStart') {
        await startCheckout();
        return;
      }
      const input = methodInput();
      if (!input) return;
      apply(await withLoading(() => purchasePoints({ pointPriceId, packId, method: input })));
    } finally {
      busy.current = false;
    }
  };

  /** A field the member changes loses its message. */
  const clear = (...fields: string[]) => {
    if (!fields.some((field) => errors[field])) return;
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field))));
  };

  const closeAlert = () => {
    const then = alert?.then;
    setAlert(null);
    if (then) navigate(then);
  };

  // An applied discount code (decision 061): the price to pay after it, as the server answers it.
  const couponQuote = useCouponQuote(pointPriceId);
  const discount = couponQuote.data && 'quote' in couponQuote.data ? couponQuote.data.quote : undefined;
  const price = formatYen(discount ? discount.pay : Number(course.price));

  return (
    <form
      className="pay-confirm"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onKeyDown={(event) => {
        // Enter in a field submits through here, so the Enter that only confirms a kana
        // conversion (the account holder's katakana) never sends a payment.
        if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
        event.preventDefault();
        if (!event.nativeEvent.isComposing && event.keyCode !== 229) void submit();
      }}
    >
      <section className="pay-summary" aria-label={t('payments.confirm.summaryLabel')} data-testid="confirm-summary">
        <div className="pay-summary__row">
          <span className="pay-summary__label">{t('payments.confirm.points')}</span>
          <span className="pay-summary__points" data-testid="confirm-points">
            {formatPoints(Number(course.point))}
            {Number(course.bonus_point) > 0 && (
              <small className="pay-course__bonus" data-testid="confirm-bonus">
                {t('payments.buyPoint.bonus', { points: formatPoints(Number(course.bonus_point)) })}
              </small>
            )}
          </span>
        </div>
        <div className="pay-summary__row">
          <span className="pay-summary__label">{t('payments.confirm.price')}</span>
          <span className="pay-summary__price">
            {discount && discount.discount_yen > 0 && <s data-testid="confirm-list-price">{formatYen(Number(course.price))}</s>}
            <span data-testid="confirm-price">{price}</span>
            {!discount && <small>{t('payments.confirm.taxNote', { tax: formatYen(Number(course.tax)) })}</small>}
          </span>
        </div>
        {discount && discount.discount_yen > 0 && <CouponLine code={discount.code} yen={discount.discount_yen} />}
      </section>

      {course.methods.length === 0 ? (
        <p className="empty-note">{t('payments.confirm.noMethods')}</p>
      ) : (
        <MethodList methods={course.methods} selected={payId} onSelect={(id) => {
          setPayId(id);
          setErrors({});
        }}>
          {numericPayId === PAY_ID.card && (
            <CardFields
              value={card}
              onChange={(next) => {
                setCard(next);
                clear('card_number', 'limit_month', 'limit_year', 'cvc', 'card_name', 'card');
              }}
              errors={errors}
            />
          )}
          {numericPayId === PAY_ID.combini && method && (
            <OptionChoice
              legend={t('payments.combini.legend')}
              name="combini_code"
              options={method.options}
              value={combiniCode}
              onChange={(code) => {
                setCombiniCode(code);
                clear('combini_code', 'payment');
              }}
              error={firstError(errors, 'combini_code')}
              testId="combini"
            />
          )}
          {numericPayId === PAY_ID.carrier && method && (
            <OptionChoice
              legend={t('payments.carrier.legend')}
              name="carrier_id"
              options={method.options}
              value={carrierId}
              onChange={(code) => {
                setCarrierId(code);
                clear('carrier_id', 'payment');
              }}
              error={firstError(errors, 'carrier_id')}
              testId="carrier"
            />
          )}
          {numericPayId === PAY_ID.bank && (
            <FieldFrame
              label={t('payments.bank.name')}
              hint={t('payments.bank.nameHint')}
              error={firstError(errors, 'name')}
              testId="bank-name-field"
            >
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  className="input-box pay-input"
                  value={name}
                  autoComplete="off"
                  maxLength={40}
                  placeholder={t('payments.bank.namePlaceholder')}
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  data-testid="bank-name"
                  onChange={(event) => {
                    setName(event.target.value);
                    clear('name');
                  }}
                />
              )}
            </FieldFrame>
          )}
          {numericPayId === PAY_ID.wallet && (
            <CheckoutWallet sessionId={checkoutSessionId} session={checkout} onRestart={() => void startCheckout()} />
          )}
          <MethodNote payId={numericPayId} />
          {/* A birth date missing on the server (entered in another tab's meantime) reads like a payment refusal. */}
          {(firstError(errors, 'payment') ?? firstError(errors, 'birth_date')) && (
            <p className="field-error" role="alert" data-testid="payment-error">
              {firstError(errors, 'payment') ?? firstError(errors, 'birth_date')}
            </p>
          )}
        </MethodList>
      )}

      {/* The final confirmation (特定商取引法 12-6) states the price actually charged after a coupon. */}
      <PointFinalTerms course={discount ? { ...course, price: String(discount.pay), tax: String(taxIncluded(discount.pay)) } : course} method={method} />

      <div className="pay-actions">
        <button
          type="submit"
          className="btn btn--spin pay-actions__submit"
          disabled={leaving || course.methods.length === 0 || (kind === 'checkoutPlace' && !checkout.data)}
          data-testid="pay-submit"
        >
          {t(`payments.confirm.submit.${kind}`, { price })}
        </button>
        <Link to={buyPointPath(packId)} className="btn btn--outline" data-testid="pay-cancel">
          {t('payments.confirm.cancel')}
        </Link>
      </div>

      <AlertDialog
        testId="pay-alert"
        message={alert?.message ?? null}
        title={alert?.tone === 'success' ? t('payments.alert.successTitle') : t('payments.alert.failedTitle')}
        tone={alert?.tone}
        onClose={closeAlert}
      />
    </form>
  );
}

/** What happens next with the selected method, in one sentence. */
const METHOD_NOTES = {
  [PAY_ID.combini]: 'payments.methodNote.combini',
  [PAY_ID.bank]: 'payments.methodNote.bank',
  [PAY_ID.remittance]: 'payments.methodNote.remittance',
  [PAY_ID.carrier]: 'payments.methodNote.carrier',
  [PAY_ID.mobile]: 'payments.methodNote.mobile',
  [PAY_ID.wallet2]: 'payments.methodNote.wallet',
  [PAY_ID.mobileWallet]: 'payments.methodNote.wallet',
} as const;

function MethodNote({ payId }: { payId: number }) {
  const { t } = useTranslation();
  const key = (METHOD_NOTES as Record<number, (typeof METHOD_NOTES)[keyof typeof METHOD_NOTES]>)[payId];
  return key ? <p className="pay-note">{t(key)}</p> : null;
}
