import type { LegalDocBuilder } from '../legal-types.ts';
import { addressEn, kv, link, mailLink, p, row, telLink, ul } from './build.ts';

/** English translation of the notice under the Act on Specified Commercial Transactions. */
export const commerceEn: LegalDocBuilder = ({ company, links }) => ({
  intro: [
    kv(
      row('Seller', p(company.name_en)),
      row(
        'Qualified invoice issuer registration number',
        p(company.invoice_registration || 'Registration pending'),
        p('The receipt (simplified qualified invoice) of each point purchase can be shown and printed from the point history.'),
      ),
      row('Person responsible for operations', p(company.representative)),
      row('Address', p(addressEn(company.zipcode, company.address_en))),
      row(
        'Telephone',
        p(telLink(company.tel)),
        p(`Hours: ${company.support_hours_en}`),
        p(
          'So that we can check the details of your enquiry, please use email or the contact form wherever possible.',
        ),
      ),
      row('Email', p(mailLink(company.mail))),
      row('Enquiries', p(link('Contact form', links.contact))),
      row(
        'Selling price',
        p('As shown on the page of each pack and on the point purchase page.'),
        p(
          'All prices include consumption tax (10%), with fractions of a yen rounded to the nearest yen.',
        ),
      ),
      row(
        'Charges other than the price',
        ul(
          'Shipping: shipping within Japan is free of charge.',
          'Shipping outside Japan: separate shipping fees, customs duties and other charges may apply and are borne by the customer.',
          'Bank transfer fees, convenience-store payment fees and other charges for making payment are borne by the customer.',
          'Internet connection and communication charges needed to use the Service are borne by the customer.',
        ),
      ),
      row(
        'Payment methods',
        ul(
          'Credit card (authentication through the identity verification service (3-D Secure) may be required)',
          'Convenience-store payment',
          'Bank transfer',
          'Wallet payment',
          'Carrier billing',
          'Mobile payment service',
          'Mobile wallet',
          'Remittance through a payment service',
        ),
        p('The payment methods available are shown on the point purchase confirmation screen.'),
      ),
      row(
        'Payment timing',
        ul(
          'Credit card, wallet payment, carrier billing, mobile payment service and mobile wallet: payment is confirmed when you place the order. The actual debit date follows your contract with each payment provider.',
          'Convenience-store payment: within 3 days of the order',
          'Bank transfer: within 3 business days of the order',
          'Remittance through a payment service: within 3 days of the order',
        ),
      ),
      row(
        'Delivery time',
        ul(
          'Points: added immediately once the payment is complete (payment is confirmed). For bank transfers made outside 10:00 to 18:00 on weekdays they are added on the next business day at the earliest, and for remittance through a payment service on the same day at the earliest.',
          'Packs: the draw result is shown immediately once the purchase is complete.',
          'Items: shipped within 14 business days of the shipping request, excluding weekends and public holidays (in principle, about 3 to 14 days).',
        ),
      ),
      row(
        'Order validity period',
        p(
          'If payment is not confirmed within 3 days of the order for convenience-store payment and remittance through a payment service, or within 3 business days of the order for bank transfer, the order is cancelled automatically.',
        ),
      ),
      row(
        'Quantity limits and other conditions',
        p(
          'Each pack is sold in a limited quantity, limited to the number of packs remaining shown on the page of each pack. Each purchase is limited to 3,000 packs and to the purchase limit set for each pack.',
        ),
      ),
      row(
        'Returns, exchanges and cancellations',
        p(
          'Because points are digital content and the items in a pack are decided by a random draw, we cannot accept cancellations, returns, exchanges or refunds after purchase.',
        ),
        p(
          'However, if an item we deliver is damaged, soiled or otherwise defective, or you receive an item different from the one you requested, please contact us within 7 days of its arrival. After checking, we will exchange it or return the corresponding points, or take other appropriate action, at our expense. In any other case provided for by law, we will act in accordance with the law.',
        ),
      ),
      row(
        'System requirements',
        ul(
          'Smartphones: Safari on iOS 16 or later, or Google Chrome on Android 11 or later (latest versions)',
          'Computers: Google Chrome, Microsoft Edge, Safari or Firefox (latest versions)',
        ),
        p('Please enable JavaScript and cookies.'),
      ),
      row('Secondhand dealer licence', p(company.antique_license)),
    ),
  ],
  sections: [],
});
