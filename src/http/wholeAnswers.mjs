/**
 * A JSON answer leaves the app server in one write: status line, headers and body together
 * (`scripts/server.mjs` applies it to every response).
 *
 * Next streams every answer: it flushes the headers, writes the body's chunks, then ends the
 * chunked body, each in a write of its own. A server killed between two of them has sent a
 * beginning without an end, and a balancer that has passed the beginning on can only cut the
 * client's answer (nginx: "upstream prematurely closed connection while reading upstream"). A
 * server killed before the one write has sent nothing, so nginx sends the request to another
 * server, which answers it whole.
 *
 * Only JSON is held back (the API's answers, their errors, webhook and checkout answers), and
 * only up to `limitBytes`: a longer answer, a file, a page or a download streams as Next writes
 * it. Node writes status line, headers and a body given to `end` in one corked write. Next's
 * compression wraps the response after this, so a compressed answer is held compressed.
 */

const DEFAULT_LIMIT_BYTES = 1024 * 1024

/** @param {import('node:http').ServerResponse} res */
const isJson = (res) => /\bjson\b/i.test(String(res.getHeader('content-type') ?? ''))

/**
 * @param {import('node:http').ServerResponse} res
 * @param {{ limitBytes?: number }} [options]
 */
export function answerWhole(res, { limitBytes = DEFAULT_LIMIT_BYTES } = {}) {
  const write = res.write
  const end = res.end
  const flushHeaders = res.flushHeaders
  /** @type {'undecided' | 'holding' | 'streaming'} */
  let state = 'undecided'
  /** @type {Buffer[]} */
  let held = []
  let heldBytes = 0
  /** @type {((error?: Error | null) => void)[]} */
  const callbacks = []

  // Once decided to stream, every call goes to Node's own method. The methods are never put
  // back: Next's compression wraps them after this (its gzip stream writes through these), and
  // putting Node's back would send its body past the compression, uncompressed.
  /** The first sign of a body decides: JSON is held, anything else streams untouched. */
  const decide = () => {
    if (state !== 'undecided') return
    state = isJson(res) ? 'holding' : 'streaming'
  }
  const callBackWhenFinished = () => {
    if (callbacks.length === 0) return
    const all = callbacks.splice(0)
    res.once('finish', () => all.forEach((callback) => callback(null)))
    res.once('error', (error) => all.forEach((callback) => callback(error)))
  }
  /** Past the limit: what is held goes out, and the rest streams. */
  const streamFromHere = () => {
    state = 'streaming'
    const body = Buffer.concat(held)
    held = []
    callBackWhenFinished()
    return write.call(res, body)
  }
  /**
   * @param {unknown} chunk
   * @param {unknown} encoding
   */
  const hold = (chunk, encoding) => {
    if (chunk === undefined || chunk === null) return
    const buffer =
      typeof chunk === 'string'
        ? Buffer.from(chunk, /** @type {BufferEncoding} */ (encoding ?? 'utf8'))
        : Buffer.from(
            /** @type {Uint8Array} */ (chunk).buffer,
            /** @type {Uint8Array} */ (chunk).byteOffset,
            /** @type {Uint8Array} */ (chunk).byteLength,
          )
    held.push(buffer)
    heldBytes += buffer.length
  }

  res.flushHeaders = function () {
    decide()
    if (state === 'streaming') flushHeaders.call(res)
  }
  res.write = /** @type {typeof res.write} */ (
    function (chunk, encoding, callback) {
      decide()
      if (state === 'streaming') return write.apply(res, /** @type {any} */ (arguments))
      if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined]
      hold(chunk, encoding)
      if (typeof callback === 'function') callbacks.push(callback)
      if (heldBytes > limitBytes) return streamFromHere()
      return true
    }
  )
  res.end = /** @type {typeof res.end} */ (
    function (chunk, encoding, callback) {
      decide()
      if (state === 'streaming') return end.apply(res, /** @type {any} */ (arguments))
      if (typeof chunk === 'function') [callback, chunk] = [chunk, undefined]
      if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined]
      hold(chunk, encoding)
      state = 'streaming'
      callBackWhenFinished()
      const body = Buffer.concat(held)
      held = []
      return body.length > 0 ? end.call(res, body, callback) : end.call(res, callback)
    }
  )
}
