import type { LegalDocBuilder } from '../legal-types.ts';
import { enArticle as article, items, link, ol, p, withItems } from './build.ts';

/** English translation of the Terms of Service (24 articles); the Japanese text prevails. */
export const termsEn: LegalDocBuilder = ({ company }) => ({
  articles: true,
  contents: true,
  intro: [
    p(
      `These Terms of Service (these "Terms") set out the conditions for using the Service (as defined in Article 2) provided by ${company.name_en} (the "Company"). Please read these Terms in full and use the Service only if you agree to them.`,
    ),
  ],
  sections: [
    article(
      1,
      'Purpose and Application',
      ol(
        'The purpose of these Terms is to set out the conditions on which the Service is provided and the rights and obligations between the Company and every person who uses the Service (a "User"). These Terms apply to every relationship between a User and the Company concerning the use of the Service.',
        'Users shall use the Service after agreeing to these Terms, and a User is deemed to have agreed to these Terms when the User uses the Service.',
        [
          'The ',
          link('User Guide', '/user-guide'),
          ', the ',
          link('Point Terms of Service', '/point-terms-of-service'),
          ', the ',
          link('Privacy Policy', '/privacy-protection'),
          ' and any other individual rules the Company posts on the Service (the "Individual Rules") form part of these Terms. Where these Terms and the Individual Rules differ, the Individual Rules prevail unless they provide otherwise.',
        ],
      ),
    ),
    article(
      2,
      'Definitions',
      p('In these Terms, the following words have the meanings given below.'),
      items(
        '"Service" means the sale of lottery-style packs whose prizes are trading cards, figures, video games and other goods, the shipping of products, the issue of points and coins, the exchange shop and every related service, provided through the website operated by the Company (including that website after any change of its domain or content for any reason).',
        '"Member" means an individual who has completed membership registration under Article 3.',
        '"Account" means the right to use the Service that the Company grants to a Member, identified by the registered email address and password.',
        '"Points" means the electronic value that a Member buys by the method designated by the Company, or obtains by converting products, as a friend-referral bonus, through a campaign or by any other method the Company specifies, and that can be used in the Service to buy point packs.',
        '"Coins" means the electronic value granted to Members on the conditions set by the Company that can be used in the Service to buy coin packs, to exchange for products in the exchange shop, to maintain a member rank and for any other use the Company specifies. Coins are distinct from Points.',
        '"Pack" means a lottery-style item sold by the Company on the Service whose prizes are products of types and quantities fixed in advance. Some Packs are bought with Points ("Point Packs") and some with Coins ("Coin Packs").',
        '"Product" means a trading card, figure, video game or other item that a Member wins by buying a Pack or obtains in the exchange shop.',
        '"Paid Services" means the purchase of Packs, exchanges in the exchange shop, the maintenance of a member rank and any other part of the Service that consumes Points or Coins.',
        '"Exchange Shop" means the feature of the Service in which Coins can be exchanged for products designated by the Company.',
        '"Member Rank" means the class of Member determined by the Company according to the Member\'s use of the Service.',
        '"Registered Information" means the name, address, telephone number, email address and other information that a Member provides to the Company at registration or afterwards.',
      ),
    ),
    article(
      3,
      'Membership Registration',
      ol(
        'A person who wishes to use the Paid Services or other member features of the Service (an "Applicant") shall agree to these Terms and apply for membership by providing the Registered Information to the Company by the method the Company designates.',
        withItems(
          'The Company may refuse to approve the registration of an Applicant who falls under any of the following items. In that case the Company is not obliged to disclose its reasons.',
          items(
            'All or part of the Registered Information is false, mistaken or incomplete.',
            'The Applicant has previously had the use of the Service suspended or an Account deleted for a breach of these Terms or a similar reason.',
            'The Applicant already holds an Account for the Service.',
            'The Applicant is a minor and has not obtained the consent of a person with parental authority or another legal representative.',
            'The Applicant is an Anti-Social Force (meaning an organized crime group, a member of one, a person for whom five years have not passed since ceasing to be a member of one, an associate member of one, a company related to one, a corporate racketeer, a racketeer disguised as a social or political movement, a specialized intellectual crime group, or any person equivalent to them; the same applies below), or the Company determines that the Applicant interacts or is involved with Anti-Social Forces, for example by cooperating in or being involved in their maintenance, operation or management through the provision of funds or otherwise.',
            'The Company otherwise determines that the registration is not appropriate.',
          ),
        ),
        'Registration is complete when the Company approves it after the review in the preceding paragraph, and at that point a contract for the use of the Service on the terms of these Terms (the "Service Contract") is formed between the Member and the Company.',
        'A minor shall register and use the Paid Services only with the consent of a legal representative.',
        'When any Registered Information changes, the Member shall update it without delay by the method the Company designates. The Company is not liable for any disadvantage a Member suffers because the Registered Information is deficient or was not updated in time (including the non-delivery of Products).',
        'The Company may require verification of a telephone number by SMS ("SMS Verification") for the use of friend referrals and certain other features. A telephone number can be used for SMS Verification of one Account only, and the registered telephone number may not be changeable after SMS Verification.',
      ),
    ),
    article(
      4,
      'One Account per Person',
      ol(
        'Each person may hold only one Account. Members shall not register, hold or use more than one Account.',
        'If the Company determines that one person holds more than one Account, the Company may suspend or delete all or some of those Accounts without prior notice. The Company gives no compensation for Points, Coins or rights to Products that lapse as a result.',
        'An Account belongs exclusively to the Member personally. A Member may not transfer, lend, sell, change the holder of or share an Account, nor may an Account be inherited.',
      ),
    ),
    article(
      5,
      'Management of Accounts and Passwords',
      ol(
        'Each Member is responsible for managing and keeping the registered email address and password safe and shall not let any third party use them or disclose them to any third party.',
        'When a login is made with a combination of email address and password that matches the Registered Information, the Company treats it as use by the Member who holds that Account. The Company is not liable for any damage a Member suffers from insufficient management of the password or similar, errors in its use, or its use by a third party, except where the Company acted intentionally or with gross negligence.',
        "If a Member learns that the password or similar has been stolen or is being used by a third party, the Member shall notify the Company immediately and follow the Company's instructions.",
        'Members shall endeavour to choose passwords that are difficult for others to guess and not to use the same password as for other services.',
      ),
    ),
    article(
      6,
      'Points',
      ol(
        'Members may buy Points by the payment methods the Company designates. The units in which Points are sold, their prices and the number of Points granted are as shown on the point purchase screen.',
        'In addition to buying Points, Members may obtain Points by converting Products they have won, as a friend-referral bonus, through campaigns or by any other method the Company specifies.',
        'The friend-referral bonus grants 500 Points each to a Member who has completed SMS Verification and bought Points at least once (the "Referrer") and to a person who registered by entering the Referrer\'s referral code (the "Referred Friend"), once the Referred Friend completes SMS Verification. A Referrer may refer up to 25 Referred Friends. If the Company determines that a referral is improper, such as a referral of oneself or of a fictitious person, the Company may withhold the Points or cancel Points already granted.',
        'Points can be used in the Service to buy Point Packs, with one Point used as the equivalent of one yen. Points cannot be exchanged for cash, Coins or any other thing of value.',
        'Paid Points are valid for six months from the day they are granted, and Free Points (granted without payment, such as bonuses and campaigns) for the period set in the Point Terms; Points lapse automatically when that period ends. When Points are used, Free Points are consumed first, and within each kind those whose validity ends soonest.',
        'There is no upper limit to the number of Points a Member may hold.',
        'Points that have been bought cannot be refunded, paid back or exchanged for cash, except where required by law.',
        'Points may be used only by the Member personally. A Member may not transfer, lend or sell Points to any third party, offer them as security or move them to another Account.',
        [
          'Other matters concerning Points are governed by the ',
          link('Point Terms of Service', '/point-terms-of-service'),
          ' established separately by the Company.',
        ],
      ),
    ),
    article(
      7,
      'Coins',
      ol(
        'Coins are granted to Members on the conditions set separately by the Company. The conditions for and the number of Coins granted are as announced on the Service.',
        'Coins can be used to buy Coin Packs, to exchange for Products in the Exchange Shop, to maintain a Member Rank and for any other use the Company specifies.',
        'The Products available in the Exchange Shop, the number of Coins required, the stock and the maximum number of exchanges per Member are as shown on the Exchange Shop screens, and the exchange of a Product ends when it is out of stock. Products obtained in the Exchange Shop are shipped in accordance with Article 10.',
        'Coins cannot be exchanged for cash, Points or any other thing of value, and cannot be refunded.',
        'Coins may be used only by the Member personally. A Member may not transfer, lend or sell Coins to any third party, offer them as security or move them to another Account.',
        'All Coins held by a Member lapse when the Member withdraws or the Account is deleted.',
      ),
    ),
    article(
      8,
      'Paid Services and Purchase of Packs',
      ol(
        'Members may buy a Pack by consuming the Points (for a Point Pack) or Coins (for a Coin Pack) equal to the price shown on the page of that Pack. The number of Packs that may be bought at one time is limited by the number of Packs remaining, the purchase limit set for each Pack, and 3,000 Packs per purchase.',
        'Each Pack is a limited-quantity lottery made up of Products of types and quantities fixed in advance. For each Pack bought, one Product is drawn at random from the Products remaining in that Pack at that time, and the Product drawn is removed from the Products remaining in that Pack. The Company shows the line-up of Products and the number of Packs remaining on the page of each Pack.',
        "The draw is carried out fairly by the Company's system, and its result becomes final when the purchase of the Pack is complete. After a purchase is complete, a Member may not request its cancellation, a new draw, a change to another Product or the return of the Points or Coins consumed.",
        'The sale of a Pack ends when no Packs remain. The sale period, purchase conditions and purchase limit are as shown on the page of each Pack.',
        "Even if the draw animation is not displayed properly because of the communication environment or other circumstances, the result of the draw is final as recorded in the Company's system, and the Member can check it in the purchase history.",
        'If it is found that a wrong draw result was displayed, or Points or Coins were consumed in error, because of a system malfunction or for another reason, the Company may take the corrective measures necessary within a reasonable scope, such as correcting the result or returning the Points or Coins consumed.',
      ),
    ),
    article(
      9,
      'Choice of Won Products and Conversion to Points',
      ol(
        'For Products won from Point Packs, the Member shall choose, within 24 hours of winning them, which Products are to be shipped and which are to be converted to Points.',
        'A Product chosen for conversion is converted into the number of Points shown for that Product, which are granted to the Member.',
        'Products for which no choice is made within 24 hours of winning them are converted to Points automatically.',
        'Products won from Coin Packs and Products marked as shipping only cannot be converted to Points and are shipped.',
        'Once a choice of shipping or conversion has been confirmed, it cannot be changed.',
        'Product images are for illustration, and the actual Products may differ in colour and other respects. Owing to the nature of trading cards and similar goods, Products may have scratches from manufacture, printing misalignment or individual variations; these are not defects.',
      ),
    ),
    article(
      10,
      'Shipping of Products',
      ol(
        'The Company ships the Products for which a Member has requested shipping to the address in the Registered Information.',
        'Products are shipped within 14 business days, excluding weekends and public holidays, from the day the shipping request is received (in principle, about 3 to 14 days). Shipping may be delayed, however, by natural disasters, disruption of logistics or other unavoidable causes.',
        'Shipping within Japan is free of charge. Shipping outside Japan may incur separate shipping fees, customs duties and other charges, which are borne by the Member. Depending on the country or region or the type of Product, shipping may not be possible.',
        'If a Product is returned to the Company because the address in the Registered Information is wrong, the recipient is absent for a long period, delivery is refused or for another reason attributable to the Member, the cost of reshipping is borne by the Member. If the Member does not request reshipping within a reasonable period after being contacted by the Company, the Company is released from its obligation to ship that Product and may dispose of it.',
        'Ownership of and risk in a Product pass to the Member when the Product is delivered to the Member.',
        'If a Product is damaged or lost by an accident in transit, the Company will deal with the matter in good faith in cooperation with the carrier.',
      ),
    ),
    article(
      11,
      'Credit Cards and Payment',
      ol(
        'The price of Points may be paid by credit card, convenience-store payment, bank transfer, wallet payment, carrier billing, mobile payment service, mobile wallet, remittance through a payment service or any other method the Company specifies. The methods available are shown on the point purchase screens.',
        "Only credit cards in the Member's own name may be used. Authentication through the card issuer's identity verification service (3-D Secure) may be required for credit card payment. Card information is processed by a payment service provider, and the Company does not hold card numbers.",
        'Please pay within 3 days of the order for convenience-store payment, within 3 business days of the order for bank transfer, and within 3 days of the order for remittance through a payment service. If payment is not confirmed within that period, the order is cancelled automatically.',
        'Points are granted when the Company or its payment service provider confirms the payment. For bank transfers, a transfer made outside 10:00 to 18:00 on weekdays is reflected on the next business day at the earliest.',
        'Bank transfer fees, convenience-store payment fees and other charges for making payment are borne by the Member.',
        'Any dispute between a Member and a credit card company or other payment provider shall be resolved between those parties, and the Company is not liable for it.',
        'If the Company does not receive payment because of a chargeback or similar without a legitimate reason, the Company may cancel the Points corresponding to that payment and the rights to the Products won with them, or claim an amount equal to that payment from the Member.',
      ),
    ),
    article(
      12,
      'Prohibited Acts',
      p(
        'In using the Service, Members shall not engage in any of the following acts, or any act likely to amount to one of them.',
      ),
      items(
        'Acts that violate laws and regulations or public order and morals',
        'Criminal acts or acts related to criminal acts',
        'Registering false information as Registered Information',
        'Registering, holding or using more than one Account',
        "Impersonating another person, or using another person's email address, telephone number, credit card or other means of payment without permission",
        'Transferring, lending or selling (including dealing for cash or any other consideration) an Account, Points, Coins, the right to have Products shipped or any other right in the Service to a third party, or offering or soliciting such a transaction',
        'Placing an excessive load on the servers or network of the Service, or otherwise interfering with the operation of the Service',
        "Gaining unauthorized access to the Service, modifying or reverse-engineering the Service's programs, using automation tools, or otherwise using the Service in a way the Company does not intend",
        'Deliberately exploiting a malfunction of the Service',
        'Obtaining Points, Coins or other benefits by improper means (including improper use of the friend-referral programme)',
        'Refusing payment without a legitimate reason or abusing chargebacks',
        'Infringing the intellectual property rights, portrait rights, privacy, reputation or other rights or interests of the Company or any third party',
        'Defaming the Company, other Members or any other third party, or causing them disadvantage or damage',
        'Directly or indirectly providing benefits to Anti-Social Forces',
        "Using the Service for business, publicity, advertising, solicitation or other commercial purposes without the Company's prior consent",
        'Any other act the Company considers inappropriate',
      ),
    ),
    article(
      13,
      'Suspension of Use and Deletion of Accounts',
      ol(
        withItems(
          "If a Member falls under any of the following items, the Company may, without prior notice or demand, suspend all or part of the Member's use of the Service, withhold the shipping of Products or delete the Account.",
          items(
            'The Member has breached any provision of these Terms.',
            'Any Registered Information is found to be false.',
            'A payment is delayed or fails, a chargeback is made, or another problem with a means of payment arises.',
            'The Member does not respond to enquiries or other communications from the Company for a considerable period.',
            'The Member is found to fall under any item of Article 3, paragraph 2.',
            "The Company otherwise determines that the Member's use of the Service is not appropriate.",
          ),
        ),
        'The Company may delete an Account that has not been used for six months since the date it was last used.',
        'When an Account is deleted under either of the preceding two paragraphs, all Points and Coins remaining in it lapse, and the rights to Products for which shipping has not been requested also cease.',
        'The Company is not liable for any damage a Member suffers from measures taken by the Company under this Article, except where the Company acted intentionally or with gross negligence.',
      ),
    ),
    article(
      14,
      'Withdrawal',
      ol(
        'A Member may withdraw from membership at any time by notifying the Company by the method the Company designates.',
        'All Points and Coins held by the Member at the time of withdrawal lapse and are not refunded. If there are Products still within the period for choosing shipping or conversion, please complete the choice before withdrawing. Products for which shipping was requested before the withdrawal was completed will be shipped to the address in the Registered Information even after withdrawal.',
        'Obligations and liabilities of the Member to the Company that arose before withdrawal survive withdrawal.',
      ),
    ),
    article(
      15,
      'Intellectual Property Rights',
      ol(
        'Copyrights, trademark rights and other intellectual property rights in the text, images, videos, programs, logos, designs and all other information making up the Service belong to the Company or to third parties holding legitimate rights.',
        "Members shall not reproduce, republish, modify, transmit to the public or otherwise use the information in the preceding paragraph without the Company's prior consent, except for reproduction for private use, quotation and other uses permitted by law.",
        'Rights in the names, images and the like of the trading cards and other goods handled as Products belong to their respective right holders. The Service is not operated or endorsed by the manufacturers or publishers of the Products.',
      ),
    ),
    article(
      16,
      'Disclaimers',
      ol(
        'The Company makes no warranty, express or implied, that the Service is free from defects in fact or in law (including defects relating to safety, reliability, accuracy, completeness, effectiveness, fitness for a particular purpose or security, errors and bugs, and infringement of rights).',
        withItems(
          'The Company may suspend or stop providing all or part of the Service without prior notice to Members in any of the following cases.',
          items(
            'When maintenance, inspection or updating of the systems for the Service is carried out',
            'When providing the Service becomes difficult because of an earthquake, lightning, fire, power failure, natural disaster or other force majeure',
            'When a computer or communication line fails',
            'When the Company otherwise determines that suspending or stopping the Service is necessary',
          ),
        ),
        'The Company may change the content of the Service or end the provision of the Service by notifying Members with a reasonable period of advance notice. If the provision of the Service ends, unused Points are handled in accordance with the law.',
        "The Company is not liable if a Member cannot use the Service because of the Member's device, communication line, browser or other environment.",
        'The Company gives no warranty as to the market price, going rate or resale value of Products obtained by Members through the Service.',
        'The Company is not liable for any transaction, communication or dispute between a Member and another Member or any other third party.',
      ),
    ),
    article(
      17,
      'Limitation of Liability',
      ol(
        'The Company is not liable for damage suffered by Members in connection with the Service, except where the Company acted intentionally or with gross negligence. However, this exemption does not apply where the Service Contract between a Member and the Company is a consumer contract as defined in the Consumer Contract Act.',
        "Even in the case described in the proviso to the preceding paragraph, the Company is not liable for damage arising from special circumstances (including where the Company or the Member foresaw or could have foreseen the damage) among the damage suffered by a Member from the Company's default or tort due to negligence (excluding gross negligence). Compensation for damage suffered by a Member from the Company's default or tort due to negligence (excluding gross negligence) is limited to the amount the Member paid to the Company in the month in which the damage occurred.",
      ),
    ),
    article(
      18,
      'Notices',
      ol(
        'The Company gives notices to Members by posting them on the Service, by sending email to the registered email address or by any other method the Company considers appropriate.',
        'A notice by email is deemed to have reached the Member when the Company sends it to the registered email address, and a notice posted on the Service is deemed to have reached the Member when it is posted.',
        'Members shall contact the Company through the enquiry channel the Company designates.',
      ),
    ),
    article(
      19,
      'Transfer of Position and Assignment',
      ol(
        "A Member may not transfer, assign, offer as security or otherwise dispose of the Member's position under the Service Contract or any right or obligation under these Terms to any third party without the Company's prior written consent.",
        'If the Company transfers the business relating to the Service to another party (including not only a business transfer but also a company split and any other case in which the business is transferred), the Company may transfer its position under the Service Contract, its rights and obligations under these Terms, and the Registered Information and other information about Members to the transferee, and Members agree in advance to the transfer described in this paragraph.',
      ),
    ),
    article(
      20,
      'Personal Information',
      p(
        "The Company handles the personal information of Members obtained through the use of the Service appropriately in accordance with the Company's ",
        link('Privacy Policy', '/privacy-protection'),
        '.',
      ),
    ),
    article(
      21,
      'Amendment of These Terms',
      ol(
        withItems(
          'In any of the following cases, the Company may amend these Terms without the individual consent of Members, pursuant to Article 548-4 of the Civil Code.',
          items(
            'The amendment conforms to the general interests of Members.',
            'The amendment does not run counter to the purpose of the Service Contract and is reasonable in light of the necessity of the amendment, the appropriateness of the amended content, the nature of the amendment and other circumstances relating to it.',
          ),
        ),
        'When amending these Terms under the preceding paragraph, the Company sets the date on which the amendment takes effect and, by that date, posts on the Service or notifies Members of the fact that these Terms will be amended, the content of the amended Terms and the effective date.',
        'A Member who uses the Service on or after the effective date of the amended Terms is deemed to have agreed to the amended Terms.',
      ),
    ),
    article(
      22,
      'Severability',
      p(
        'Even if any provision of these Terms or any part of one is held invalid or unenforceable under the Consumer Contract Act or any other law or regulation, the remaining provisions of these Terms and the remainder of the provision held partly invalid or unenforceable continue in full force and effect.',
      ),
    ),
    article(
      23,
      'Governing Law',
      ol(
        'These Terms and the Service Contract are governed by the laws of Japan.',
        'The Japanese text of these Terms is the official text. If a translation of these Terms into another language differs from the Japanese text, the Japanese text prevails.',
      ),
    ),
    article(
      24,
      'Jurisdiction',
      ol(
        'If a dispute arises between the Company and a Member concerning these Terms or the Service, the Company and the Member shall consult in good faith and endeavour to resolve it.',
        `The ${company.court_en} has exclusive jurisdiction as the agreed court of first instance over every dispute between the Company and a Member arising out of or in connection with these Terms or the Service.`,
      ),
    ),
  ],
  closing: ['Established: 1 February 2023'],
});
