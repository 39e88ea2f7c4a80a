import { z } from 'zod'

import { successResult } from '@/openapi/common'

/** Body of `POST /api/contact`: who writes, and what. */
export const contactBody = z.object(
  {
    // `trim` before `min(1)` refuses blank text; the reference says so with a pattern.
    name: z
      .string({ error: 'is required' })
      .trim()
      .min(1, 'is required')
      .max(200)
      .meta({ pattern: '\\S' }),
    email: z.email({ error: 'must be an e-mail address' }).max(254),
    message: z
      .string({ error: 'is required' })
      .trim()
      .min(1, 'is required')
      .max(5000)
      .meta({ pattern: '\\S' }),
  },
  { error: 'must be a JSON object with name, email and message' },
)

/** Answer of the contact form: stored. */
export const contactResult = successResult
