import type { FieldHook } from 'payload'

import { slugify } from '@/text/slug'

/** Fills an empty slug from the product's name. */
export const slugFromName: FieldHook = ({ value, data }) =>
  typeof value === 'string' && value.trim()
    ? slugify(value)
    : typeof data?.name === 'string'
      ? slugify(data.name)
      : value
