import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '../../components/screen-frame.tsx';

export { BuyProductHistoryDetailScreen } from './buy-product-history-detail-screen.tsx';
export { BuyProductHistoryScreen } from './buy-product-history-screen.tsx';

export function BuyPointHistoryScreen() {
  const { t } = useTranslation();
  return (
    <ScreenFrame screen="buyPointHistory" links={[{ to: '/my-page', label: t('links.backToMyPage') }]} />
  );
}

export function CoinHistoryScreen() {
  const { t } = useTranslation();
  return <ScreenFrame screen="coinHistory" links={[{ to: '/my-page', label: t('links.backToMyPage') }]} />;
}
