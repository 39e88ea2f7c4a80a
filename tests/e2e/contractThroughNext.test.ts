import { describe, expect, inject, it } from 'vitest'

import { seedCredentials } from '../../seed/identities'
import { openApiContract } from '../helpers/openApiContract'

const baseUrl = inject('baseUrl')
const apiKey = { 'x-api-key': seedCredentials().consumerApiKey }

// The integration contract test calls Payload's route handler in-process; these answers go
// through `next start` as integrators get them: the rewrites of the paths outside /api, the
// proxy's X-Request-Id, compression.
describe('the served document describes answers through next start', () => {
  it('matches them, paths outside /api and the request id included', async () => {
    const document = await (await fetch(`${baseUrl}/api/openapi.json`)).json()
    expect(document.servers).toEqual([{ url: baseUrl, description: 'This deployment' }])
    // X-Request-Id is documented as optional (in-process calls have none); here it must be there.
    document.components.headers['X-Request-Id'].required = true
    const contract = await openApiContract(document)

    for (const [path, headers, status] of [
      ['/api/v1/me', apiKey, 200],
      ['/webhooks/event-types', apiKey, 200],
      ['/webhooks/subscriptions', apiKey, 200],
      ['/reports/sales', {}, 401],
      ['/api/v1/articles?per_page=2&include=author', apiKey, 200],
      ['/api/v2/articles?limit=2', apiKey, 200],
      ['/api/search?q=the', {}, 200],
    ] as const) {
      const response = await fetch(`${baseUrl}${path}`, { headers })
      const answer = {
        status: response.status,
        headers: response.headers,
        text: await response.text(),
      }
      expect(answer.status, `${path}: ${answer.text.slice(0, 300)}`).toBe(status)
      expect(answer.headers.get('x-request-id'), path).toMatch(/^[0-9a-f-]{36}$/)
      await contract.expectConforms('GET', path, answer)
    }
  })
})
