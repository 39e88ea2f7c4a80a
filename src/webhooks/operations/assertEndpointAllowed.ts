import { badRequest } from '@/http/errors'
import { checkEndpointAddress, ForbiddenAddressError } from '../worker/outboundHttp'
import type { AppConfig } from '@/config/appConfig'

/** 400 when an endpoint URL points at a private, loopback, link-local or metadata address. */
export async function assertEndpointAllowed(
  endpointUrl: string,
  allowed: AppConfig['webhooks']['allowedAddressRanges'],
) {
  try {
    await checkEndpointAddress(new URL(endpointUrl), allowed)
  } catch (error) {
    if (error instanceof ForbiddenAddressError) throw badRequest(`endpoint_url: ${error.message}`)
    throw error
  }
}
