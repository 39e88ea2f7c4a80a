export { Orders } from './Orders'
export { Products } from './Products'
export { StockAdjustments } from './StockAdjustments'
export { StripeEvents } from './StripeEvents'
