import type { LegalDocBuilder } from '../legal-types.ts';
import { addressEn, kv, link, mailLink, p, row, telLink, ul } from './build.ts';

/** English translation of the notice on points under the Payment Services Act. */
export const fundSettlementEn: LegalDocBuilder = ({ company, links }) => ({
  intro: [
    p(
      `${company.name_en} (the "Company") gives the following information about the points it issues in the Service, following the items to be displayed for prepaid payment instruments under the Payment Services Act.`,
    ),
    kv(
      row('Name of the prepaid payment instrument', p('Points (shown as "P" in the Service)')),
      row('Issuer', p(company.name_en)),
      row('Qualified invoice issuer registration number', p(company.invoice_registration || 'Registration pending')),
      row('Address', p(addressEn(company.zipcode, company.address_en))),
      row(
        'Amount available for payment',
        p(
          'The number of points of each course shown on the point purchase page. One point can be used as the equivalent of one yen.',
        ),
        p('There is no upper limit to the number of points you can hold.'),
      ),
      row(
        'Validity period',
        p(
          'Paid points: six months from the day the points are granted. Points lapse automatically when the validity period ends.',
        ),
        p('Free points given without payment (bonuses, campaigns) are not prepaid payment instruments and are kept apart. When you use points, free points are used first, and within each kind those expiring soonest.'),
      ),
      row(
        'Where points can be used',
        p(
          'Points can be used only to buy packs (point packs) in the Service operated by the Company.',
        ),
      ),
      row(
        'How to check your unused balance',
        p(
          'After logging in, check the point balance at the top of the screen, My Page or "Point purchase history".',
        ),
      ),
      row(
        'Notes on use',
        ul(
          'Points that have been bought cannot be refunded, paid back or exchanged for cash, except where required by law.',
          'Points cannot be transferred, sold or lent to any third party, or moved to another account.',
          'Points held lapse if you withdraw from membership or if your account is deleted after six months without use.',
          'Points and coins are different and cannot be exchanged for each other.',
        ),
      ),
      row(
        'Terms and conditions',
        p(
          'The conditions for using points are set out in the ',
          link('Point Terms of Service', '/point-terms-of-service'),
          ' and the ',
          link('Terms of Service', '/terms-of-service'),
          '.',
        ),
      ),
      row(
        'Contact',
        p(company.name_en),
        p('Telephone: ', telLink(company.tel)),
        p('Email: ', mailLink(company.mail)),
        p(link('Contact form', links.contact)),
      ),
      row('Enquiry hours', p(company.support_hours_en)),
      row(
        'Issuance security deposit',
        p(
          'Because points are valid for no more than six months from the day of issue, they fall under the exemption in Article 4, item 2 of the Payment Services Act. They are therefore not subject to the notification of issuance of prepaid payment instruments or to the deposit of issuance security under that Act.',
        ),
      ),
    ),
  ],
  sections: [],
});
