const acceptable = /^[A-Za-z0-9._:-]{1,128}$/

/**
 * The id a response is tagged with: the caller's own `X-Request-Id` when it is a sane token
 * (so that a request can be followed across a gateway), else a fresh UUID.
 */
export function requestIdFor(incoming: string | null | undefined): string {
  return incoming && acceptable.test(incoming) ? incoming : crypto.randomUUID()
}
