import { badRequest } from '@/http/errors'
import { checkEndpointAddress, ForbiddenAddressError } from '../worker/outboundHttp'

/** 400 when an endpoint URL points at a private, loopback, link-local or metadata address. */
export async function assertEndpointAllowed(endpointUrl: string) {
  try {
    await checkEndpointAddress(new URL(endpointUrl))
  } catch (error) {
    if (error instanceof ForbiddenAddressError) throw badRequest(`endpoint_url: ${error.message}`)
    throw error
  }
}
