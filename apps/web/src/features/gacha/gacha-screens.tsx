// The gacha screens of the route table (app/routes.tsx loads this module as one chunk).
export { ConfirmBuyProductScreen } from './confirm-buy-product-screen.tsx';
export { ConfirmGetCardListScreen } from './confirm-get-card-list-screen.tsx';
export { GachaAnimationScreen } from './gacha-animation-screen.tsx';
export { GetCardListScreen } from './get-card-list-screen.tsx';
export { ThankYouScreen } from './thank-you-screen.tsx';
export { DemoDrawScreen } from './demo/demo-draw-screen.tsx';
