import { z } from 'zod'

import { salesReport } from '@/reports/operations/salesReport'
import { defineEndpoint } from '@/http/defineEndpoint'
import { parseInput } from '@/http/parseInput'
import { queryObject } from '@/http/queryParams'
import { salesReportQuery, salesReportResult } from '@/reports/contracts/salesReport'
import { salesWindow } from '@/reports/salesPeriod'

// Served at `/reports/sales` through a rewrite onto `/api/reports/sales`.
export const salesReportEndpoint = defineEndpoint({
  path: '/reports/sales',
  method: 'get',
  family: 'errors',
  access: 'admin',
  openapi: {
    operationId: 'salesReport',
    summary: 'Sales report',
    description:
      'Orders created in the last 1, 7 or 30 days (`period=day|week|month`, default `week`; ' +
      'anything else counts 7 days and is echoed) with status `paid`, `shipped`, ' +
      '`delivered` or `partially_refunded`: their number, revenue net of refunds (exact) and ' +
      'average net total rounded half-up to a whole rouble; wholly refunded orders are no ' +
      'sale. Administrators only.',
    tags: ['Administration'],
    query: salesReportQuery,
    responses: { 200: { description: 'The figures', schema: salesReportResult } },
  },
  handler: async (req) => {
    const query = parseInput(salesReportQuery, queryObject(req.searchParams))
    const { days, period } = salesWindow(query.period)
    const figures = await salesReport(req.payload, days)
    return Response.json({
      data: { ...figures, period },
    } satisfies z.infer<typeof salesReportResult>)
  },
})
