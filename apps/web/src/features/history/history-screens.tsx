import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '../../components/screen-frame.tsx';

export function BuyPointHistoryScreen() {
  const { t } = useTranslation();
  return (
    <ScreenFrame screen="buyPointHistory" links={[{ to: '/my-page', label: t('links.backToMyPage') }]} />
  );
}

export function BuyProductHistoryScreen() {
  const { t } = useTranslation();
  return (
    <ScreenFrame screen="buyProductHistory" links={[{ to: '/my-page', label: t('links.backToMyPage') }]} />
  );
}

export function BuyProductHistoryDetailScreen() {
  const { t } = useTranslation();
  return (
    <ScreenFrame
      screen="buyProductHistoryDetail"
      links={[{ to: '/buy-product-history', label: t('links.backToHistory') }]}
    />
  );
}

export function CoinHistoryScreen() {
  const { t } = useTranslation();
  return <ScreenFrame screen="coinHistory" links={[{ to: '/my-page', label: t('links.backToMyPage') }]} />;
}
