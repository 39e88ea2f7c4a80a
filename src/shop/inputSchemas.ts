import { z } from 'zod'

import { maxRecordId, recordId } from '@/http/ids'
import { isCountryCode } from './countryCode'

/** Most units of one product in one line of a cart. */
export const maxQuantity = 100
/** Most lines in one cart. */
export const maxLines = 50

/** A product id as a positive integer, sent as a number or a string of digits. */
export const productIdSchema = z.union([
  recordId,
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'must be a product id')
    .transform(Number)
    .pipe(z.number().max(maxRecordId, 'must be a product id')),
])

export const quantitySchema = z
  .number()
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(maxQuantity, `must be at most ${maxQuantity}`)

const line = (required: string) => z.string().trim().min(1, required).max(200)

/** Where an order goes; `country` is an ISO 3166-1 alpha-2 code, any case on input. */
export const shippingAddressSchema = z.object({
  name: line('the recipient is required'),
  line1: line('the street address is required'),
  line2: z.string().trim().max(200).optional(),
  city: line('the city is required'),
  postal_code: z.string().trim().min(1, 'the postal code is required').max(20),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isCountryCode, 'must be an ISO 3166-1 alpha-2 country code such as DE'),
})
export type ShippingAddress = z.output<typeof shippingAddressSchema>

/** The cart's lines: required, 1 to `maxLines` of them. */
export const cartLinesSchema = <Line extends z.ZodType>(lineSchema: Line) =>
  z
    .array(lineSchema, { error: 'items is required: a non-empty array of cart lines' })
    .min(1, 'items must not be empty')
    .max(maxLines, `at most ${maxLines} lines per order`)
