export { Orders } from './Orders'
export { Products } from './Products'
export { StripeEvents } from './StripeEvents'
