import type { TextField } from 'payload'

import { slugify, slugPattern, slugRule } from '@/text/slug'

/**
 * A unique, validated URL slug in the sidebar (articles, pages). Left empty, it is filled from
 * the `from` field (the title) when the document is saved; it stays editable.
 */
export const slugField = (from = 'title'): TextField => ({
  name: 'slug',
  type: 'text',
  required: true,
  unique: true,
  maxLength: 200,
  admin: {
    position: 'sidebar',
    description: `Filled from the ${from} when left empty`,
  },
  hooks: {
    beforeValidate: [
      ({ value, data }) =>
        typeof value === 'string' && value.trim()
          ? value
          : typeof data?.[from] === 'string' && data[from].trim()
            ? slugify(data[from])
            : value,
    ],
  },
  validate: (value: unknown, { data }: { data: Record<string, unknown> }) => {
    // Empty with a title to fill it from: the hook above fills it on save.
    const source = data?.[from]
    const isEmpty = value === undefined || value === null || value === ''
    if (isEmpty && typeof source === 'string' && slugify(source)) return true
    return typeof value === 'string' && slugPattern.test(value)
      ? true
      : `The slug must be ${slugRule}`
  },
})
