import { HttpError } from '@/http/errors'
import { checkEndpointAddress, ForbiddenAddressError } from '../worker/outboundHttp'
import type { AppConfig } from '@/config/appConfig'

/** 400 (naming `endpoint_url` in `details`) when an endpoint URL points at a private, loopback, link-local or metadata address. */
export async function assertEndpointAllowed(
  endpointUrl: string,
  allowed: AppConfig['webhooks']['allowedAddressRanges'],
) {
  try {
    await checkEndpointAddress(new URL(endpointUrl), allowed)
  } catch (error) {
    if (error instanceof ForbiddenAddressError) {
      // `details` names the field, as a validation error does, for forms that show it there.
      throw new HttpError({
        code: 'bad_request',
        message: `endpoint_url: ${error.message}`,
        details: [{ field: 'endpoint_url', message: error.message }],
      })
    }
    throw error
  }
}
