import { z } from 'zod'

/** Query of `GET /reports/sales`. */
export const salesReportQuery = z.object({
  period: z
    .string()
    .max(50)
    .optional()
    .describe('day, week (default) or month; anything else counts 7 days and is echoed'),
})

/** Answer of `GET /reports/sales`. */
export const salesReportResult = z.object({
  data: z.object({
    count: z.number().int(),
    revenue: z.number(),
    avgOrder: z.number().int(),
    period: z.string(),
  }),
})
