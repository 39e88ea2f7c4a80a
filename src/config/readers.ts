/**
 * How one variable's text becomes a value. Every variable of the configuration is read by one of
 * these, so that a number, a switch or a list means the same wherever it is declared, and its
 * bounds are written once: for the check and for the generated reference.
 */
export type Reader<T> = {
  /** What the reference says the value is, e.g. "whole number from 1 to 1440". */
  kind: string
  /** The value of `raw` (never blank); throws a message that does not name the variable. */
  read: (raw: string) => T
}

/** Bounds of a number, both inclusive unless `above` is set (then the value must exceed it). */
type Bounds = { min?: number; max?: number; above?: number }

const describe = (noun: string, { min, max, above }: Bounds) =>
  above === 0
    ? `positive ${noun}${max !== undefined ? ` up to ${max}` : ''}`
    : above !== undefined
      ? `${noun} above ${above}${max !== undefined ? ` up to ${max}` : ''}`
      : min !== undefined && max !== undefined
        ? `${noun} from ${min} to ${max}`
        : min !== undefined
          ? `${noun}, at least ${min}`
          : noun

function checkBounds(value: number, bounds: Bounds, noun: string) {
  const { min, max, above } = bounds
  const isOut =
    !Number.isFinite(value) ||
    (min !== undefined && value < min) ||
    (max !== undefined && value > max) ||
    (above !== undefined && value <= above)
  if (isOut) throw new Error(`must be a ${describe(noun, bounds)}`)
}

/** A whole number within `bounds` (digits only: `1e3`, `10.0` and `0x10` are refused). */
export const wholeNumber = (bounds: Bounds = {}): Reader<number> => ({
  kind: describe('whole number', bounds),
  read(text) {
    const raw = text.trim()
    if (!/^-?\d+$/.test(raw)) throw new Error(`must be a ${describe('whole number', bounds)}`)
    const value = Number(raw)
    checkBounds(value, bounds, 'whole number')
    return value
  },
})

/** A number (fractions allowed) within `bounds`; `noun` says what it counts. */
export const decimal = (bounds: Bounds = {}, noun = 'number'): Reader<number> => ({
  kind: describe(noun, bounds),
  read(text) {
    const raw = text.trim()
    const value = /^-?(\d+\.?\d*|\.\d+)$/.test(raw) ? Number(raw) : Number.NaN
    checkBounds(value, bounds, noun)
    return value
  },
})

/** A switch written as one of two words: `yes` reads as true, `no` as false. */
const twoWords = (yes: string, no: string): Reader<boolean> => ({
  kind: `\`${yes}\` or \`${no}\``,
  read(text) {
    const raw = text.trim()
    if (raw === yes || raw === no) return raw === yes
    throw new Error(`must be ${yes} or ${no}`)
  },
})

/** `true` or `false`. */
export const flag = twoWords('true', 'false')

/** `on` or `off`: whether this process runs a piece of background work. */
export const onOff = twoWords('on', 'off')

/** One of `choices`. */
export const oneOf = <T extends string>(choices: readonly T[]): Reader<T> => ({
  kind: choices.map((choice) => `\`${choice}\``).join(', '),
  read(text) {
    const raw = text.trim()
    if ((choices as readonly string[]).includes(raw)) return raw as T
    throw new Error(`must be one of ${choices.join(', ')}`)
  },
})

/** Any text, as written (a password may begin or end with a space). */
export const text: Reader<string> = { kind: 'text', read: (raw) => raw }

/** A token: text without the spaces around it. */
export const token: Reader<string> = { kind: 'text', read: (raw) => raw.trim() }

/** An `http:` or `https:` address, returned without trailing slashes. */
export const httpAddress: Reader<string> = {
  kind: 'http(s) address',
  read(text) {
    const raw = text.trim()
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      throw new Error('must be an http:// or https:// address')
    }
    if (!['http:', 'https:'].includes(url.protocol)) {
      throw new Error('must be an http:// or https:// address')
    }
    return raw.replace(/\/+$/, '')
  },
}

/** A reader built from a parser of its own (a retry schedule, a rate-limit policy, ...). */
export const custom = <T>(kind: string, read: (raw: string) => T): Reader<T> => ({ kind, read })
