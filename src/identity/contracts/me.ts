import { z } from 'zod'

import { roles } from '../roles'

/** Who the credentials belong to: a user (token) or an API consumer (key). */
export const meResult = z.object({
  data: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('user'),
      id: z.number().int(),
      email: z.string(),
      name: z.string().nullable(),
      role: z.enum(roles),
    }),
    z.object({
      type: z.literal('consumer'),
      id: z.string(),
      email: z.string(),
      name: z.string(),
    }),
  ]),
})
