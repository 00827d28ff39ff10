// Codes are named once (design: "Codes are named once"): a pay id, payment method, action type or
// numeric flag is compared with the contract's constant (PAY_ID.combini, PAYMENT_METHOD.coins,
// ACTION_TYPE.shipOnly, NUMBER_FLAG.yes), never with a bare '2' or 1 that a reader must look up.
const CODE_NAMES = 'payId|pay_id|paymentMethod|payment_method|actionType|action_type|is_buy_coin|can_limit|endSms|end_sms';
const codeOperand = (side) => `:matches([${side}.name=/^(${CODE_NAMES})$/], [${side}.property.name=/^(${CODE_NAMES})$/])`;
const literal = (side) => `[${side}.type='Literal']`;
const message = "Compare a code with the contract's named constant (PAY_ID, PAYMENT_METHOD, ACTION_TYPE, NUMBER_FLAG), not a bare literal.";

/** The selectors, for configs that set no-restricted-syntax for other reasons too (the web's, boundaries.js). */
export const namedCodeSelectors = [
  { selector: `BinaryExpression[operator=/^[!=]==$/]${codeOperand('left')}${literal('right')}`, message },
  { selector: `BinaryExpression[operator=/^[!=]==$/]${codeOperand('right')}${literal('left')}`, message },
];

/** The server and the contract (the web app's files get the selectors through boundaries.js). */
export default [
  {
    files: ['apps/server/**/*.ts', 'packages/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...namedCodeSelectors] },
  },
];
