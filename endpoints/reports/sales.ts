import { z } from 'zod'

import { salesReport } from '../../operations/reports/salesReport'
import { defineEndpoint } from '../http/defineEndpoint'
import { parseInput } from '@/http/parseInput'
import { queryObject } from '@/http/queryParams'
import { salesWindow } from '@/reports/salesPeriod'

export const salesReportQuery = z.object({
  period: z
    .string()
    .max(50)
    .optional()
    .describe('day, week (default) or month; anything else counts 7 days and is echoed'),
})

export const salesReportResult = z.object({
  data: z.object({
    count: z.number().int(),
    revenue: z.number(),
    avgOrder: z.number().int(),
    period: z.string(),
  }),
})

/** `GET /reports/sales` (rewritten to `/api/reports/sales`): administrators only. */
export const salesReportEndpoint = defineEndpoint({
  path: '/reports/sales',
  method: 'get',
  family: 'errors',
  access: 'admin',
  handler: async (req) => {
    const query = parseInput(salesReportQuery, queryObject(req.searchParams))
    const { days, period } = salesWindow(query.period)
    const figures = await salesReport(req.payload, days)
    return Response.json({ data: { ...figures, period } })
  },
})
