/**
 * The point-purchase screens of spec section 2, one named export per route (see
 * app/routes.tsx). Each screen lives in its own file under screens/.
 */
export { BankTransferInformationScreen } from './screens/bank-transfer-information-screen.tsx';
export { BuyPointScreen } from './screens/buy-point-screen.tsx';
export { CardInputScreen } from './screens/card-input-screen.tsx';
export {
  CompleteBuyPointAmazonPayScreen,
  CompleteBuyPointPaypalScreen,
  CompleteBuyPointScreen,
  CompleteCarrierScreen,
  ErrorCarrierScreen,
} from './screens/complete-screens.tsx';
export { ConfirmBuyPointScreen } from './screens/confirm-buy-point-screen.tsx';
export { ConfirmCombiniScreen } from './screens/confirm-combini-screen.tsx';
export { PaygeTransferInformationScreen } from './screens/payge-transfer-information-screen.tsx';
export { AmazonPayRedirectScreen, PayRedirectScreen } from './screens/redirect-screens.tsx';
