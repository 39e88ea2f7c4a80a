/**
 * `npm run bench:auth`: what authentication and the shared HTTP layer cost per request.
 * Payload's own `GET /api/users/me` (JWT; counted by the rate limiter like every route since issue
 * 50) is the baseline; `GET /api/v1/me` goes through `defineEndpoint` (a rate-limit upsert in
 * PostgreSQL, access check, envelope) with each kind of credential.
 */
import { seedCredentials } from '../seed/identities'
import { measure, printTable } from './lib/measure'
import { startApp } from '../tests/helpers/startApp'

const app = await startApp({
  env: { RATE_LIMIT_DEFAULT: '100000000/60', RATE_LIMIT_EDITORS: '100000000/60' },
})
try {
  const credentials = seedCredentials()
  const login = await fetch(`${app.baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: credentials.adminEmail, password: credentials.adminPassword }),
  })
  const { token } = (await login.json()) as { token: string }
  const bearer = { authorization: `Bearer ${token}` }

  const figures = await measure(app.baseUrl, [
    {
      name: 'Payload GET /api/users/me, Bearer',
      path: '/api/users/me',
      headers: bearer,
      expectStatus: 200,
    },
    { name: 'GET /api/v1/me, Bearer', path: '/api/v1/me', headers: bearer, expectStatus: 200 },
    {
      name: 'GET /api/v1/me, X-API-Key',
      path: '/api/v1/me',
      headers: { 'x-api-key': credentials.consumerApiKey },
      expectStatus: 200,
    },
    {
      name: 'GET /api/v1/me, consumers API-Key',
      path: '/api/v1/me',
      headers: { authorization: `consumers API-Key ${credentials.consumerApiKey}` },
      expectStatus: 200,
    },
    {
      name: 'GET /api/v1/me, wrong X-API-Key (401)',
      path: '/api/v1/me',
      headers: { 'x-api-key': 'wrong-key' },
      expectStatus: 401,
    },
  ])
  console.log(
    `\nnpm run bench:auth, ${new Date().toISOString().slice(0, 10)}, autocannon -c 10 -d 8\n`,
  )
  printTable(figures, 'Payload GET /api/users/me, Bearer')
} finally {
  await app.stop()
}
process.exit(0)
