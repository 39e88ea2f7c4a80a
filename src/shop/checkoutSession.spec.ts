import { describe, expect, it } from 'vitest'

import { checkoutSessionIdempotencyKey, checkoutSessionParams } from './checkoutSession'
import { parseAmount } from './money'

describe('checkoutSessionParams', () => {
  it('builds card, payment, rub, one price_data line per item, metadata and addresses', () => {
    const params = checkoutSessionParams({
      orderId: 17,
      lines: [
        { name: 'Mug', unitPrice: parseAmount('19.99'), quantity: 2 },
        { name: 'Sticker', unitPrice: parseAmount('1.005'), quantity: 1 },
      ],
      customerEmail: 'buyer@example.com',
      frontendUrl: 'https://shop.example.com',
      expiresAt: new Date('2026-01-01T01:00:00.900Z'),
    })
    expect(params).toEqual({
      allowed_payment_method_types: ['card'],
      mode: 'payment',
      line_items: [
        {
          price_data: { currency: 'rub', unit_amount: 1999, product_data: { name: 'Mug' } },
          quantity: 2,
        },
        {
          price_data: { currency: 'rub', unit_amount: 101, product_data: { name: 'Sticker' } },
          quantity: 1,
        },
      ],
      metadata: { orderId: '17' },
      customer_email: 'buyer@example.com',
      success_url: 'https://shop.example.com/order/17/success',
      cancel_url: 'https://shop.example.com/cart',
      expires_at: Date.parse('2026-01-01T01:00:00Z') / 1000,
    })
  })
})

describe('checkoutSessionIdempotencyKey', () => {
  it('is derived from the order id and its creation time', () => {
    const order = { id: 17, createdAt: '2026-01-01T00:00:00.000Z' }
    expect(checkoutSessionIdempotencyKey(order)).toBe('order-17-checkout-session-1767225600000')
    expect(checkoutSessionIdempotencyKey(order)).toBe(checkoutSessionIdempotencyKey({ ...order }))
    expect(checkoutSessionIdempotencyKey({ ...order, id: 18 })).not.toBe(
      checkoutSessionIdempotencyKey(order),
    )
  })
})
