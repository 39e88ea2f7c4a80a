import type { FieldHook } from 'payload'

/** Lower-case words joined by hyphens: `Blue Mug (large)` gives `blue-mug-large`. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** Fills an empty slug from the product's name. */
export const slugFromName: FieldHook = ({ value, data }) =>
  typeof value === 'string' && value.trim()
    ? slugify(value)
    : typeof data?.name === 'string'
      ? slugify(data.name)
      : value
