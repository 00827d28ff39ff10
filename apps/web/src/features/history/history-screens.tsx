export { BuyPointHistoryScreen } from './buy-point-history-screen.tsx';
export { BuyProductHistoryDetailScreen } from './buy-product-history-detail-screen.tsx';
export { BuyProductHistoryScreen } from './buy-product-history-screen.tsx';
export { CoinHistoryScreen } from './coin-history-screen.tsx';
export { PointReceiptScreen } from './point-receipt-screen.tsx';
