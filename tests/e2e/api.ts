import pg from 'pg'
import { inject } from 'vitest'

import { seedCredentials } from '../../seed/identities'

/** A JSON request to the app under test, as a client would send it; the status and parsed body. */
export async function api(
  path: string,
  init: { method?: string; body?: unknown; token?: string; apiKey?: string },
) {
  const response = await fetch(`${inject('baseUrl')}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.apiKey ? { 'x-api-key': init.apiKey } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  return { status: response.status, body: await response.json() }
}

/** A login through `POST /api/users/login`, as a client sends it: the status and body (`token`). */
export function logIn(email: string, password: string) {
  return api('/api/users/login', { method: 'POST', body: { email, password } })
}

/** The seeded admin's Bearer token, from a login through the API (its status unchecked). */
export async function adminToken() {
  const credentials = seedCredentials()
  const login = await logIn(credentials.adminEmail, credentials.adminPassword)
  return login.body.token as string
}

/** Subscribes `endpointUrl` to `events` as the seeded consumer: the answer of the API. */
export function subscribeSeededConsumer(endpointUrl: string, events: string[]) {
  return api('/webhooks/subscriptions', {
    method: 'POST',
    apiKey: seedCredentials().consumerApiKey,
    body: { endpoint_url: endpointUrl, events },
  })
}

/** A client connected to the app's database (the caller ends it). */
export async function appDatabase() {
  const database = new pg.Client({ connectionString: inject('databaseUrl') })
  await database.connect()
  return database
}

/** The shipping address of the browser tests' guest buyers. */
export const buyerAddress = {
  name: 'E2E Buyer',
  line1: 'Nevsky 28',
  city: 'Saint Petersburg',
  postal_code: '191186',
  country: 'RU',
}
