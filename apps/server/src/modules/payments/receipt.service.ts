import { RECEIPT_TAX_RATE_PERCENT, receiptTax, type PointReceipt } from '@oripa/contract/invoice';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { invoiceRegistrationNumber } from '../settings/settings.service.ts';
import { couponCode } from '../coupons/course-discount.service.ts';
import { findMemberPayment } from './payments.repo.ts';

/**
 * GET /user/point/receipt/{paymentId}: the simplified qualified invoice (適格簡易請求書) of one
 * paid point purchase (decision 044): seller and registration number, date, what was bought,
 * the amount, the rate and the tax at that rate. Only the member who paid sees it; another
 * member's payment, an unpaid one and a missing one all answer the same not found.
 */
export async function pointReceipt(db: DbOrTx, config: Config, userId: number, paymentId: number): Promise<PointReceipt> {
  const payment = await findMemberPayment(db, userId, paymentId);
  if (!payment || payment.state !== 'succeeded') throw AppError.field('payment_id', 'invoice.receipt_not_found');
  return {
    payment_id: payment.id,
    paid_at: (payment.completedAt ?? payment.updatedAt).toISOString(),
    seller: {
      name: config.COMPANY_NAME,
      name_en: config.COMPANY_NAME_EN,
      address: `〒${config.COMPANY_ZIPCODE} ${config.COMPANY_ADDRESS}`,
      address_en: config.COMPANY_ADDRESS_EN,
      tel: config.COMPANY_TEL,
    },
    registration_number: await invoiceRegistrationNumber(db),
    points: payment.point,
    amount: payment.amount,
    discount_yen: payment.discountYen,
    coupon_code: payment.couponId === null ? '' : await couponCode(db, payment.couponId),
    tax_rate: RECEIPT_TAX_RATE_PERCENT,
    // One rounding per receipt, from the total (not the tax stored with the order).
    tax: receiptTax(payment.amount),
    pay_id: payment.payId,
    option: payment.option,
  };
}
