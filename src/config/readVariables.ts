import type { ValuesOf, Variables } from './variables'

/** The environment a configuration is read from (`process.env`, or a test's own record). */
export type Environment = Readonly<Record<string, string | undefined>>

/** A variable whose value cannot work; the message names it, and the process exits 2 on it. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

/**
 * Each of `declared`'s values: its text read by its reader, or its fallback when blank. The
 * first variable (in declaration order) that cannot be read throws a `ConfigError` naming it.
 */
export function readVariables<V extends Variables>(declared: V, env: Environment): ValuesOf<V> {
  const values: Record<string, unknown> = {}
  for (const [name, variable] of Object.entries(declared)) {
    const raw = env[name]
    const isBlank = raw === undefined || raw.trim() === ''
    const text = isBlank ? ('fallback' in variable ? variable.fallback : undefined) : raw
    if (text === undefined) continue
    try {
      values[name] = variable.reader.read(text)
    } catch (error) {
      const reason = error instanceof Error ? error.message.replace(/^\w+: /, '') : String(error)
      throw new ConfigError(`${name} ${reason}; got "${raw}"`)
    }
  }
  return values as ValuesOf<V>
}
