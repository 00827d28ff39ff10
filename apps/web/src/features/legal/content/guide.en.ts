import type { LegalDocBuilder } from '../legal-types.ts';
import { link, ol, p, section, strong, table, telLink, ul, withItems } from './build.ts';

/** English User Guide: purchase steps, payment, shipping, points, coins, ranks, referrals, FAQ. */
export const guideEn: LegalDocBuilder = ({ company, links }) => ({
  contents: true,
  intro: [
    p(
      'This guide explains, for first-time users of our original card packs, how everything works from registration to buying packs and receiving your items, and what to keep in mind. Please also read the ',
      link('Terms of Service', '/terms-of-service'),
      '.',
    ),
  ],
  sections: [
    section('How to Buy', [
      ol(
        withItems([
          strong('Register'),
          ': Choose "New registration", enter your name, address, telephone number, email address and password, agree to the Terms of Service and register. Items are delivered to your registered address, so please enter it accurately, including the building name and room number.',
        ]),
        withItems([
          strong('SMS verification'),
          ': Verify your telephone number by SMS from "Member information" on My Page. Enter the 6-digit code sent to your registered number to complete verification. SMS verification is required to refer friends.',
        ]),
        withItems([
          strong('Buy points'),
          ': Tap your point balance at the top of the screen or "Buy points" in the menu, choose a point course and a payment method, and complete the purchase.',
        ]),
        withItems([
          strong('Choose a pack'),
          ': Choose a pack on the top page or in the pack list. The pack page shows the price, the number of packs remaining, the line-up and the sale period.',
        ]),
        withItems([
          strong('Spin'),
          ': Select how many packs to buy and press "Spin gacha". On the confirmation screen, check the points (or coins) to be used and your balance afterwards, then confirm the purchase.',
        ]),
        withItems([
          strong('Watch the reveal'),
          ': Tap the screen to start the animation; your items are revealed one by one. You can skip the animation with "SKIP".',
        ]),
        withItems([
          strong('Choose shipping or conversion'),
          ': Within 24 hours, choose which of the items you won are to be shipped and which are to be converted to points. Items not chosen within 24 hours are converted to points automatically. Items won from coin packs can only be shipped.',
        ]),
        withItems([
          strong('Shipping'),
          ': Items you ask us to ship are sent within 14 business days, excluding weekends and public holidays. You can check the shipping status in "Product purchase history".',
        ]),
      ),
    ]),
    section('Payment Methods', [
      p(
        'The following payment methods can be used to buy points. The methods available to you are shown on the point purchase confirmation screen.',
      ),
      table(
        ['Payment method', 'Payment deadline', 'When points are added', 'Notes'],
        [
          'Credit card',
          'At the time of order',
          'As soon as the payment is complete',
          "Only cards in your own name can be used. Authentication through the card issuer's identity verification service (3-D Secure) may be required. Card information is processed by our payment service provider and is not stored by us.",
        ],
        [
          'Convenience-store payment',
          'Within 3 days of the order',
          'After payment is confirmed',
          'Pay at the store counter using the payment number shown after you place the order. The order is cancelled automatically once the deadline passes.',
        ],
        [
          'Bank transfer',
          'Within 3 business days of the order',
          'After payment is confirmed (transfers made outside 10:00 to 18:00 on weekdays are reflected on the next business day at the earliest)',
          'Enter the name of the account holder making the transfer in katakana when you order. Transfer the amount shown to the account shown. If the name or amount differs, confirmation takes longer. The order is cancelled automatically once the deadline passes.',
        ],
        [
          'Wallet payment',
          'At the time of order',
          'As soon as the payment is complete',
          'Log in and pay on the screen of the payment service. The terms of each payment service apply.',
        ],
        [
          'Carrier billing',
          'At the time of order',
          'As soon as the payment is complete',
          'Pay together with your monthly mobile phone bill. The amount you can use depends on your contract with your mobile carrier.',
        ],
        [
          'Mobile payment service',
          'At the time of order',
          'As soon as the payment is complete',
          'Pay in the payment app on your smartphone, following the on-screen instructions.',
        ],
        [
          'Mobile wallet',
          'At the time of order',
          'As soon as the payment is complete',
          'Pay with a card or similar registered on your device.',
        ],
        [
          'Remittance through a payment service',
          'Within 3 days of the order',
          'The same day at the earliest',
          'Send the amount shown to the remittance address shown.',
        ],
      ),
      ul(
        'Convenience-store payment fees, bank transfer fees and other charges for making payment are borne by you.',
        'Points you have bought cannot be refunded, except where required by law.',
      ),
    ]),
    section('Shipping', [
      ul(
        'Items you ask us to ship are sent within 14 business days of your request, excluding weekends and public holidays (in principle, about 3 to 14 days).',
        'Shipping within Japan is free of charge.',
        'Shipping outside Japan may incur separate shipping fees, customs duties and other charges, which are borne by you. Depending on the country or region or the item, shipping may not be possible.',
        'Items are delivered to your registered address. If your address changes, for example because you move, please update it under "Member information" on My Page before asking us to ship.',
        'After shipping, you can check the delivery status on the detail screen of "Product purchase history".',
        'Owing to the nature of trading cards and similar goods, items may have scratches from manufacture or individual variations. If an item arrives damaged or soiled, or you receive an item different from the one you requested, please contact us.',
      ),
    ]),
    section('Consumption Tax', [
      p(
        'All prices shown on the Service include consumption tax (10%). The tax they include is the tax-included amount × 10/110 with fractions of a yen dropped, worked out once per receipt.',
      ),
      p(
        'The receipt of each point purchase (a simplified qualified invoice with the registration number, the tax rate and the tax) opens from "Receipt" in the point history, to print or save as PDF.',
      ),
    ]),
    section('Points', [
      ul(
        'Points can be used to buy point packs, with one point worth the equivalent of one yen.',
        'Points you bought (paid points) are valid for six months from the day they are granted; free points such as the login bonus until the date the point history shows for each grant. Points lapse automatically when they expire.',
        'Free points are used first, then paid points; within each, those expiring soonest first.',
        'There is no limit to the number of points you can hold.',
        'An account that has not been used for six months since it was last used may be deleted, in which case the points held in it lapse.',
        'Points cannot be transferred, sold, lent or moved to another account.',
      ),
      p(
        'For details, see the ',
        link('Point Terms of Service', '/point-terms-of-service'),
        ' and the ',
        link('Notice Based on the Payment Services Act', '/fund-settlement'),
        '.',
      ),
    ]),
    section('Coins and the Exchange Shop', [
      ul(
        'Coins are a value separate from points, granted on the conditions we set. Your coin balance is shown at the top of the screen.',
        'Coins can be used to buy coin packs, to exchange for items in the exchange shop and to maintain your member rank.',
        'In the exchange shop you can exchange coins for designated items. Find items by searching or sorting (highest or lowest price, most or least stock) and exchange them with "Exchange". Each item has a limited stock and a maximum number of exchanges per member.',
        'Items won from coin packs cannot be converted to points and can only be shipped.',
        'Coins cannot be exchanged for cash or points and cannot be refunded.',
      ),
    ]),
    section('Member Ranks', [
      ul(
        'Member ranks change on the 1st of each month (Japan time). Your rank for next month is set by the amount you pay for points this month (tax included, from the 1st to the end of the month, Japan time).',
        'My Page shows your current rank, your progress toward the next rank (the bar) and your rank for next month.',
        'When you buy points you receive coin-back by your rank at that time: coins worth a share of the amount paid, to two decimal places, shown in your coin history.',
        'If your rank is expected to drop next month, My Page shows a "Maintain rank" button: with the required coins you keep your current rank for next month (once a month). It cannot be used without enough coins.',
      ),
      table(
        ['Rank', 'Spent this month', 'Coin-back', 'Coins to maintain'],
        ['Bronze', '—', '0.5%', '—'],
        ['Silver', '¥10,000 or more', '1%', '30 coins'],
        ['Gold', '¥50,000 or more', '2%', '100 coins'],
        ['Platinum', '¥150,000 or more', '3%', '300 coins'],
        ['Diamond', '¥500,000 or more', '5%', '800 coins'],
      ),
      p('Rank conditions and benefits are announced on the Service and may change.'),
    ]),
    section('Friend Referrals', [
      ul(
        'Members who have completed SMS verification and bought points at least once can refer friends with their own referral code, shown under "Member information" on My Page.',
        'When a friend enters your referral code at registration and completes SMS verification, you and your friend each receive 500 points.',
        'Each member can refer up to 25 friends.',
        'If we determine that a referral is improper, such as a referral of another account of your own, we may withhold the points or cancel points already granted.',
      ),
    ]),
    section('Frequently Asked Questions', [
      {
        type: 'faq',
        items: [
          {
            q: 'Do points expire?',
            a: [
              p(
                'Yes. Points you bought are valid for six months from the day they are granted; each grant of free points shows its expiry in the point history. Free points are used first, then paid points, those expiring soonest first.',
              ),
            ],
          },
          {
            q: 'What happens if I do not choose what to do with my items within 24 hours?',
            a: [
              p(
                'Items for which shipping is not chosen within 24 hours are converted to points automatically. Once converted, they cannot be changed to shipping, so please choose early.',
              ),
            ],
          },
          {
            q: 'When will my items arrive?',
            a: [
              p(
                'Items are shipped within 14 business days of your shipping request, excluding weekends and public holidays. You can check the shipping status in "Product purchase history".',
              ),
            ],
          },
          {
            q: 'Can you ship outside Japan?',
            a: [
              p(
                'We can ship to some countries and regions. Shipping outside Japan may incur separate shipping fees, customs duties and other charges, which are borne by you.',
              ),
            ],
          },
          {
            q: 'Can I cancel or get a refund for points or packs I have bought?',
            a: [
              p(
                'Because of the nature of points and packs, we do not accept cancellations or give refunds after purchase. We will, however, deal with cases where the law requires it and cases where an item arrives damaged or differs from the one you requested.',
              ),
            ],
          },
          {
            q: 'I paid by bank transfer, but my points have not been added.',
            a: [
              p(
                'Transfers made outside 10:00 to 18:00 on weekdays are reflected on the next business day at the earliest. A transfer whose name or amount differs from the order may take longer to confirm. If the points have still not been added after 3 business days, please contact us.',
              ),
            ],
          },
          {
            q: 'I have not received my SMS verification code.',
            a: [
              p(
                'Please check that your registered telephone number is correct and that you have not blocked SMS messages. Each telephone number can be used to verify only one account.',
              ),
            ],
          },
          {
            q: 'Can I convert items won from coin packs to points?',
            a: [
              p(
                'No. Items won from coin packs cannot be converted to points and can only be shipped.',
              ),
            ],
          },
        ],
      },
    ]),
    section('Contact', [
      p('If you have any questions, please use the ', link('contact form', links.contact), '.'),
      p('By telephone: ', telLink(company.tel), ` (Hours: ${company.support_hours_en})`),
    ]),
  ],
});
