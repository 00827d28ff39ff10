import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ScreenFrame, type ScreenLink } from '../../components/screen-frame.tsx';

/** The three notices a point purchase links to (spec section 2, /buy-point and /card-input). */
function useLegalLinks(): ScreenLink[] {
  const { t } = useTranslation();
  return [
    { to: '/specific-commerce', label: t('footer.commerce') },
    { to: '/fund-settlement', label: t('links.fundSettlement') },
    { to: '/point-terms-of-service', label: t('links.pointTerms') },
  ];
}

/** /buy-point[/productId] (query packId: the pack the member wanted to buy). */
export function BuyPointScreen() {
  return <ScreenFrame screen="buyPoint" links={useLegalLinks()} />;
}

/** /confirm-buy-point?pointPriceId=: cancel goes back to the courses, keeping packId. */
export function ConfirmBuyPointScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const packId = params.get('packId');
  const back = packId ? `/buy-point?${new URLSearchParams({ packId }).toString()}` : '/buy-point';
  return <ScreenFrame screen="confirmBuyPoint" links={[{ to: back, label: t('links.cancel') }]} />;
}

export function ConfirmCombiniScreen() {
  const { t } = useTranslation();
  return <ScreenFrame screen="confirmCombini" links={[{ to: '/', label: t('common.backToTop') }]} />;
}

export function BankTransferInformationScreen() {
  const { t } = useTranslation();
  return <ScreenFrame screen="bankTransferInformation" links={[{ to: '/', label: t('common.backToTop') }]} />;
}

export function PaygeTransferInformationScreen() {
  const { t } = useTranslation();
  return (
    <ScreenFrame screen="paygeTransferInformation" links={[{ to: '/', label: t('common.backToTop') }]} />
  );
}

export function PayRedirectScreen() {
  return <ScreenFrame screen="payRedirect" />;
}

export function AmazonPayRedirectScreen() {
  return <ScreenFrame screen="amazonPayRedirect" />;
}

function useResultLinks(): ScreenLink[] {
  const { t } = useTranslation();
  return [
    { to: '/', label: t('common.backToTop'), primary: true },
    { to: '/buy-point-history', label: t('menu.pointHistory') },
  ];
}

export function CompleteBuyPointScreen() {
  return <ScreenFrame screen="completeBuyPoint" links={useResultLinks()} />;
}

export function CompleteBuyPointAmazonPayScreen() {
  return <ScreenFrame screen="completeBuyPointAmazonPay" links={useResultLinks()} />;
}

export function CompleteBuyPointPaypalScreen() {
  return <ScreenFrame screen="completeBuyPointPaypal" links={useResultLinks()} />;
}

export function CompleteCarrierScreen() {
  return <ScreenFrame screen="completeCarrier" links={useResultLinks()} />;
}

export function ErrorCarrierScreen() {
  const { t } = useTranslation();
  return (
    <ScreenFrame
      screen="errorCarrier"
      links={[
        { to: '/buy-point', label: t('links.chooseAnotherMethod'), primary: true },
        { to: '/', label: t('common.backToTop') },
      ]}
    />
  );
}

export function CardInputScreen() {
  return <ScreenFrame screen="cardInput" links={useLegalLinks()} />;
}
