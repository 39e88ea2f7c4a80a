import type { PayloadRequest } from 'payload'

import { HttpError } from '@/http/errors'
import { configOf } from '@/config/appConfig'
import { allowingSetting } from '../addressPolicy'
import { checkEndpointAddress, ForbiddenAddressError } from '../worker/outboundHttp'

/**
 * 400 (naming `endpoint_url` in `details`) when an endpoint URL points at a private, loopback,
 * link-local or metadata address. The answer says where the address is and to use a public one;
 * the setting that would allow it is the operator's, so it goes to the server's log only.
 */
export async function assertEndpointAllowed(req: PayloadRequest, endpointUrl: string) {
  try {
    await checkEndpointAddress(
      new URL(endpointUrl),
      configOf(req.payload).webhooks.allowedAddressRanges,
    )
  } catch (error) {
    if (error instanceof ForbiddenAddressError) {
      req.payload.logger.info({
        msg: `Refused a webhook endpoint on a non-public address (${error.host} resolves to ${error.address}); ${allowingSetting(error.address)} would allow it`,
      })
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
