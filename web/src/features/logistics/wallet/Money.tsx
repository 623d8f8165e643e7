/** Money as the wallet's calls write it: shared with the other features (see `components/Money`). */
export { addAmounts, amountSign, formatAmount, Money, moneyColumn, subtractAmounts, type MoneyProps } from '../../../components/Money';
