import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '../../components/screen-frame.tsx';

export function ExchangeCardScreen() {
  const { t } = useTranslation();
  return (
    <ScreenFrame screen="exchangeCard" links={[{ to: '/coin-history', label: t('links.coinHistory') }]} />
  );
}
