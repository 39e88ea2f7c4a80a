import { APIError } from 'payload'

/**
 * A request refused for what it asks (a 4xx from a hook of Payload's own REST: a conflict,
 * a throttled login). Payload logs what a route throws by the error's name; this name is
 * logged at info without a stack (`loggingLevels` in `src/http/logging.ts`), where a plain
 * `APIError` would be logged as a server error.
 */
export class RefusedRequest extends APIError {
  constructor(message: string, status: number) {
    super(message, status, undefined, true)
    this.name = 'RefusedRequest'
  }
}
