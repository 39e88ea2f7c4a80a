import { inject } from 'vitest'

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
