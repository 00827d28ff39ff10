import type { LegalDocBuilder } from '../legal-types.ts';
import { enArticle as article, items, link, ol, p } from './build.ts';

/** English translation of the Point Terms of Service; the Japanese text prevails. */
export const pointTermsEn: LegalDocBuilder = ({ company }) => ({
  articles: true,
  contents: true,
  sections: [
    article(
      1,
      'Purpose',
      ol(
        `These Point Terms of Service (these "Point Terms") govern the acquisition, use and other handling of the points issued in the Service by ${company.name_en} (the "Company").`,
        [
          "These Point Terms form part of the Company's ",
          link('Terms of Service', '/terms-of-service'),
          ' (the "Terms of Service"). Matters not provided for in these Point Terms are governed by the Terms of Service, and words used in these Point Terms have the meanings given in the Terms of Service unless these Point Terms provide otherwise.',
        ],
      ),
    ),
    article(
      2,
      'Definitions',
      p('In these Point Terms, the following words have the meanings given below.'),
      items(
        '"Points" means the electronic value that can be used in the Service to buy Point Packs.',
        '"Paid Points" means Points that a Member has bought by paying for them, and Points granted for converting a Product won from a Point Pack.',
        '"Free Points" means Points granted without payment, such as a login bonus, a friend-referral bonus, a campaign or a grant by the Company. Free Points are shown apart from Paid Points in the point history and on My Page.',
        '"Grant Date" means the day on which Points are added to a Member\'s Account.',
      ),
    ),
    article(
      3,
      'Acquisition of Points',
      ol(
        'Members may buy Paid Points by choosing one of the courses shown on the point purchase page and paying by the method the Company designates. Paid Points are granted when the Company or its payment service provider confirms the payment.',
        'When a Member chooses to convert a Product won from a Point Pack, or a Product is converted automatically because no choice was made within 24 hours of winning it, Paid Points equal to the conversion value shown for that Product are granted.',
        'When a person who registered by entering the referral code of a Member who has completed SMS Verification and bought Points at least once completes SMS Verification, the referring Member and the referred Member each receive 500 Free Points. Each Member may refer up to 25 people.',
        'The Company may grant Free Points to Members through campaigns or by other methods the Company specifies. The conditions are announced on the Service each time.',
        'There is no upper limit to the number of Points a Member may hold.',
      ),
    ),
    article(
      4,
      'Use of Points',
      ol(
        'Points can be used only to buy Point Packs in the Service, with one Point used as the equivalent of one yen.',
        'Points cannot be used to buy Coin Packs, for exchanges in the Exchange Shop or for any other payment made with Coins. Points and Coins are different and cannot be exchanged for each other.',
        'A purchase of Packs made with Points becomes final when the purchase is complete, in accordance with Article 8 of the Terms of Service, and the return of the Points used cannot be requested.',
      ),
    ),
    article(
      5,
      'Validity Period',
      ol(
        'Paid Points are valid for six months from their Grant Date. Free Points are valid for the period the Company sets (no more than 180 days from their Grant Date), shown for each grant in the point history. The validity period is calculated separately for each grant.',
        'Points lapse automatically when their validity period ends. The Company does not extend validity periods.',
      ),
    ),
    article(
      6,
      'Order of Use',
      p(
        'When Points are used, Free Points are consumed first and Paid Points only once no Free Points remain. Within each kind, the Points whose validity ends soonest are consumed first.',
      ),
    ),
    article(
      7,
      'Lapse of Points',
      ol(
        'If a Member withdraws from membership, all Points held at the time of withdrawal lapse.',
        'If an Account is deleted because it has not been used for six months since it was last used, or for any other reason set out in the Terms of Service, all Points remaining in that Account lapse.',
        'The Company gives no compensation or other remedy for Points that lapse under the preceding two paragraphs or Article 5.',
      ),
    ),
    article(
      8,
      'No Refunds or Cash Redemption',
      p(
        'Points, including Paid Points, cannot be refunded, paid back or exchanged for cash, except where required by law. If the provision of the Service ends, unused Points are handled in accordance with the law.',
      ),
    ),
    article(
      9,
      'No Transfer',
      p(
        'Points may be used only by the Member personally. A Member may not transfer, lend or sell Points to any third party, offer them as security or move them to another Account.',
      ),
    ),
    article(
      10,
      'Cancellation of Improperly Obtained Points',
      p(
        "If the Company determines that a Member has obtained Points by improper means (including improper use of the friend-referral programme, unauthorized use of another person's means of payment and chargebacks without a legitimate reason), the Company may cancel those Points. If those Points have already been used, the Company may take the necessary measures in accordance with the Terms of Service.",
      ),
    ),
    article(
      11,
      'Amendment of These Point Terms',
      p(
        'The Company may amend these Point Terms by the procedure set out in Article 21 of the Terms of Service. The amended Point Terms apply to the handling of Points from their effective date.',
      ),
    ),
    article(
      12,
      'Disclaimer',
      ol(
        'If it is found that Points were granted, used or displayed incorrectly because of a system malfunction or for another reason, the Company will correct the error within a reasonable scope.',
        "The Company's liability for damage suffered by Members in connection with Points is governed by Article 17 of the Terms of Service.",
      ),
    ),
    article(
      13,
      'Governing Law and Jurisdiction',
      p(
        'The governing law of these Point Terms and the court with jurisdiction over disputes concerning them are as provided in Articles 23 and 24 of the Terms of Service.',
      ),
    ),
  ],
  closing: ['Established: 1 February 2023'],
});
