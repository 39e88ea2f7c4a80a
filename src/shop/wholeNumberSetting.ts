/**
 * A whole-number setting read from `env[name]`, `fallback` when unset or empty; a value outside
 * `bounds` (or not a whole number) throws an error naming the variable.
 */
export function wholeNumberSetting(
  env: Record<string, string | undefined>,
  name: string,
  bounds: { min: number; max: number },
  fallback: number,
): number {
  const value = Number(env[name] || fallback)
  if (!Number.isInteger(value) || value < bounds.min || value > bounds.max) {
    throw new Error(`${name} must be a whole number from ${bounds.min} to ${bounds.max}`)
  }
  return value
}
