import { listOrdersEndpoint } from './listOrders'
import { readOrderEndpoint } from './readOrder'

/** The buyer's side of orders in v1: `GET /api/v1/orders/{id}` (with its token), `GET /api/v1/orders`. */
export const ordersV1 = [readOrderEndpoint, listOrdersEndpoint]
