import { decimal, type Reader } from './readers'

/**
 * One environment variable: how it is read, its default and what it is for. Each domain (and
 * each shared layer) declares its own beside the settings they make; `src/composition/variables.ts`
 * gathers them into the app's.
 */
export type Variable<T, Group extends string = string> = {
  /** The section of the reference it is listed in (`src/composition/variables.ts` orders them). */
  group: Group
  /** One line for the reference (Markdown). */
  description: string
  /** How its text becomes a value. */
  reader: Reader<T>
  /** The value when the variable is unset or empty (text, read like a set value), if any. */
  fallback?: string
  /** What the reference says about an unset variable without a `fallback`. */
  unset?: string
  /** Listed in the README's short table: what a first deployment sets. */
  isEssential?: boolean
  /** Read by the scripts (`npm run dev`, `npm start`, seed, worker) before the app exists. */
  isScriptOnly?: boolean
}

/** Some declared variables, by name. */
export type Variables = Record<string, Variable<unknown>>

/** The value of each of `V`'s variables, as its reader returns it. */
export type ValuesOf<V extends Variables> = {
  [Name in keyof V]: V[Name] extends Variable<infer T> ? T : never
}

/** A variable with a default: always has a value. */
export function setting<T, Group extends string>(
  spec: Variable<T, Group> & { fallback: string },
): Variable<T, Group> {
  return spec
}

/** A variable without a default: `undefined` when unset or empty. */
export function optional<T, Group extends string>(
  spec: Omit<Variable<T, Group>, 'fallback'>,
): Variable<T | undefined, Group> {
  return spec as Variable<T | undefined, Group>
}

/** A number of seconds within `bounds`. */
export const seconds = (bounds: { min?: number; max?: number; above?: number }) =>
  decimal(bounds, 'number of seconds')
