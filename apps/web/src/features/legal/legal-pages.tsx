import type { ReactNode } from 'react';
import { useSiteInfo } from '@/lib/site-info.ts';
import { commerceEn } from './content/commerce.en.ts';
import { commerceJa } from './content/commerce.ja.ts';
import { fundSettlementEn } from './content/fund-settlement.en.ts';
import { fundSettlementJa } from './content/fund-settlement.ja.ts';
import { guideEn } from './content/guide.en.ts';
import { guideJa } from './content/guide.ja.ts';
import { LEGAL_LABELS } from './content/labels.ts';
import type { LegalLabels } from './content/labels.ts';
import { pointTermsEn } from './content/point-terms.en.ts';
import { pointTermsJa } from './content/point-terms.ja.ts';
import { privacyEn } from './content/privacy.en.ts';
import { privacyJa } from './content/privacy.ja.ts';
import { termsEn } from './content/terms.en.ts';
import { termsJa } from './content/terms.ja.ts';
import { LegalDocument, LegalLoading } from './legal-document.tsx';
import type { LegalDocBuilder, LegalLang } from './legal-types.ts';
import { useLegalLang } from './use-legal-lang.ts';
import './legal.css';

interface PageDefinition {
  readonly title: keyof LegalLabels['titles'];
  readonly content: Record<LegalLang, LegalDocBuilder>;
  /** Legal texts whose English version is a translation of the binding Japanese original. */
  readonly translated: boolean;
}

const TERMS: PageDefinition = {
  title: 'terms',
  content: { ja: termsJa, en: termsEn },
  translated: true,
};
const PRIVACY: PageDefinition = {
  title: 'privacy',
  content: { ja: privacyJa, en: privacyEn },
  translated: true,
};
const GUIDE: PageDefinition = {
  title: 'guide',
  content: { ja: guideJa, en: guideEn },
  translated: false,
};
const COMMERCE: PageDefinition = {
  title: 'commerce',
  content: { ja: commerceJa, en: commerceEn },
  translated: true,
};
const FUND_SETTLEMENT: PageDefinition = {
  title: 'fundSettlement',
  content: { ja: fundSettlementJa, en: fundSettlementEn },
  translated: true,
};
const POINT_TERMS: PageDefinition = {
  title: 'pointTerms',
  content: { ja: pointTermsJa, en: pointTermsEn },
  translated: true,
};

// One page shell for all six: language, the operator's details from the server, loading state.
function LegalPage({ page }: { page: PageDefinition }): ReactNode {
  const lang = useLegalLang();
  const site = useSiteInfo();
  const labels = LEGAL_LABELS[lang];
  const title = labels.titles[page.title];
  if (!site) return <LegalLoading title={title} lang={lang} label={labels.loading} />;
  const notice = lang === 'en' && page.translated ? labels.translationNote : undefined;
  return (
    <LegalDocument
      title={title}
      lang={lang}
      doc={page.content[lang](site)}
      contentsLabel={labels.contents}
      notice={notice}
    />
  );
}

/** 利用規約 / Terms of Service (24 articles), route /terms-of-service. */
export function TermsOfServicePage(): ReactNode {
  return <LegalPage page={TERMS} />;
}

/** プライバシーポリシー / Privacy Policy, route /privacy-protection. */
export function PrivacyPolicyPage(): ReactNode {
  return <LegalPage page={PRIVACY} />;
}

/** ご利用ガイド / User Guide, route /user-guide. */
export function UserGuidePage(): ReactNode {
  return <LegalPage page={GUIDE} />;
}

/** 特定商取引法に基づく表記, route /specific-commerce. */
export function SpecificCommercePage(): ReactNode {
  return <LegalPage page={COMMERCE} />;
}

/** 資金決済法に基づく表示, route /fund-settlement. */
export function FundSettlementPage(): ReactNode {
  return <LegalPage page={FUND_SETTLEMENT} />;
}

/** ポイント利用規約 / Point Terms of Service, route /point-terms-of-service. */
export function PointTermsPage(): ReactNode {
  return <LegalPage page={POINT_TERMS} />;
}
