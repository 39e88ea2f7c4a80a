import { defineEndpoint } from '@/http/defineEndpoint'
import { conflict, notFound } from '@/http/errors'
import { maxRecordId } from '@/http/ids'
import { releaseParams, releaseResult } from '@/workflow/contracts/releases'
import { runRelease } from '@/workflow/operations/runRelease'

export const releaseNowEndpoint = defineEndpoint({
  path: '/:id/release',
  method: 'post',
  family: 'resource',
  access: 'editor',
  openapi: {
    operationId: 'releaseNow',
    summary: 'Release a release now (editors)',
    description:
      'Publishes and unpublishes every document of the release, in its order, all or nothing: ' +
      'in one transaction every document changes, or none does. 200: released. 409: nothing ' +
      'changed; the answer names the document that failed and why (not valid, not allowed, a ' +
      'review stage not reached), and the release is marked failed. 404: no such open release.',
    tags: ['Articles'],
    params: releaseParams,
    responses: { 200: { description: 'Every document changed', schema: releaseResult } },
    errors: ['not_found', 'conflict'],
  },
  handler: async (req) => {
    const raw = String(req.routeParams?.id ?? '')
    if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > maxRecordId) {
      throw notFound(`Release ${raw} not found`)
    }
    const outcome = await runRelease(req.payload, { releaseId: Number(raw), user: req.user })
    if (outcome.status === 'skipped') throw notFound(`Release ${raw} is not open`)
    if (outcome.status === 'failed') throw conflict(outcome.reason)
    const result = `${outcome.count} document${outcome.count === 1 ? '' : 's'} released.`
    return Response.json({ id: Number(raw), status: 'released', result })
  },
})
