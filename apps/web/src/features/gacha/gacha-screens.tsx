import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ScreenFrame } from '../../components/screen-frame.tsx';

/** The pack a purchase screen is about, back to its detail page. */
function usePackLink(): string {
  const [params] = useSearchParams();
  const packId = params.get('packId');
  return packId ? `/pack-detail?${new URLSearchParams({ packId }).toString()}` : '/';
}

/** /confirm-buy-product?packId=&buyCount=: "no" or back returns to the pack. */
export function ConfirmBuyProductScreen() {
  const { t } = useTranslation();
  return (
    <ScreenFrame screen="confirmBuyProduct" links={[{ to: usePackLink(), label: t('links.backToPack') }]} />
  );
}

export function GachaAnimationScreen() {
  return <ScreenFrame screen="gachaAnimation" />;
}

export function GetCardListScreen() {
  const { t } = useTranslation();
  return (
    <ScreenFrame
      screen="getCardList"
      links={[{ to: '/buy-product-history', label: t('menu.productHistory') }]}
    />
  );
}

export function ConfirmGetCardListScreen() {
  const { t } = useTranslation();
  return (
    <ScreenFrame
      screen="confirmGetCardList"
      links={[{ to: '/get-card-list', label: t('links.backToCardList') }]}
    />
  );
}

export function ThankYouScreen() {
  const { t } = useTranslation();
  const packLink = usePackLink();
  return (
    <ScreenFrame
      screen="thankYou"
      links={[
        { to: '/', label: t('common.backToTop'), primary: true },
        ...(packLink === '/' ? [] : [{ to: packLink, label: t('links.playAgain') }]),
      ]}
    />
  );
}
