import type { TextField } from 'payload'

import { slugPattern, slugRule } from '@/text/slug'

/** A unique, validated URL slug in the sidebar (articles, pages). */
export const slugField = (): TextField => ({
  name: 'slug',
  type: 'text',
  required: true,
  unique: true,
  maxLength: 200,
  admin: { position: 'sidebar' },
  validate: (value: unknown) =>
    typeof value === 'string' && slugPattern.test(value) ? true : `The slug must be ${slugRule}`,
})
