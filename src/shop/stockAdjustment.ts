/** The largest number of units one adjustment may add or remove. */
export const maxStockDelta = 1_000_000

/**
 * Payload `validate` of an adjustment's delta: a whole number of units other than 0, at most
 * `maxStockDelta` either way. `isOptional` lets an empty value through (the product form's
 * "Adjust stock by", left empty when the stock stays as it is).
 */
export function validateStockDelta(value: unknown, { isOptional = false } = {}): true | string {
  if ((value === null || value === undefined || value === '') && isOptional) return true
  if (
    typeof value !== 'number' ||
    !Number.isSafeInteger(value) ||
    value === 0 ||
    Math.abs(value) > maxStockDelta
  ) {
    return `A whole number of units other than 0, e.g. 5 when 5 arrived or -2 when 2 broke (at most ${maxStockDelta.toLocaleString('en-US')} either way)`
  }
  return true
}

/** A delta as people write it: `+5`, `-2`. */
export const signedDelta = (delta: number) => (delta > 0 ? `+${delta}` : String(delta))

/** Why an adjustment was refused: it would take the product below zero. */
export const belowZeroMessage = (args: {
  name: string
  id: number
  stock: number
  delta: number
}) =>
  `The stock of "${args.name}" (product ${args.id}) is ${args.stock}: ` +
  `an adjustment of ${signedDelta(args.delta)} would take it below zero`

/** The refusal of an adjustment without a reason, shown beside its Reason field. */
export const missingReasonMessage = 'Say why the stock changes (e.g. "Delivery from the supplier")'

/** Payload `validate` of an adjustment's reason: some words, not only spaces. */
export const validateStockReason = (value: unknown): true | string =>
  typeof value === 'string' && value.trim() !== '' ? true : missingReasonMessage
