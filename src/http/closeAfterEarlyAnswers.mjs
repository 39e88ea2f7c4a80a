/**
 * An answer sent before its request's body has all arrived closes its connection, cleanly
 * (`scripts/server.mjs` applies it to every request). Such answers are refusals decided before
 * the body is read: Payload's 413 for an image over `MEDIA_MAX_MEGABYTES` (its multipart parser
 * stops at the limit), a 403 decided from the headers, any other early answer. The answer says
 * `Connection: close`; once it is out the server half-closes (FIN), reads and throws away what
 * the client still sends until the client closes its side, and only then closes: the client
 * reads the whole answer, and its next request goes on a new connection.
 *
 * Before (measured, Node 20, next 16, payload 3.90): when Payload stopped reading an upload at
 * the limit, Next's loop over the request stream ended, and Node's stream `destroyer` detached
 * the request from its socket (`req.socket = null`) and destroyed it, leaving the socket open.
 * The HTTP parser had paused that socket because the request's buffer was full, and nothing
 * resumed it: the rest of the body stayed unread. The 413 went out with `Connection:
 * keep-alive`; a client whose body had all left (a remainder that fits in the socket buffers,
 * such as 11 MB at a 10 MB limit) sent its next request on the connection, which the server
 * never read, and `keepAliveTimeout` (5 s, plus Node's 1 s) then destroyed the socket with
 * unread bytes in it, which the kernel answers with a reset: the next request failed with
 * ECONNRESET after 6 s. `Connection: close` alone is not enough: Node then closes the socket
 * right after the answer with the rest of the body unread, again a reset, which can reach the
 * client before it has read the answer (RFC 9112, 9.6: close in stages).
 */

/** At most this long the rest of a refused body is read after the answer (as nginx's `lingering_time`). */
const LINGER_MS = 30_000
/** A client that sends nothing for this long is not waited for any more (nginx's `lingering_timeout`). */
const LINGER_IDLE_MS = 5_000

/** @param {import('node:http').IncomingMessage} req */
const announcesBody = (req) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length']) > 0

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {{
 *   lingering?: Set<import('node:net').Socket>,
 *   lingerMs?: number,
 *   lingerIdleMs?: number,
 * }} [options] `lingering` holds each connection while it is being closed (the server cuts
 *   them when it stops).
 */
export function closeAfterEarlyAnswers(
  req,
  res,
  { lingering, lingerMs = LINGER_MS, lingerIdleMs = LINGER_IDLE_MS } = {},
) {
  const socket = req.socket
  const writeHead = res.writeHead
  // Every answer's headers pass here: Node's implicit headers (first write, `flushHeaders`)
  // call `writeHead` too.
  res.writeHead = /** @type {typeof res.writeHead} */ (
    function () {
      if (!req.complete && announcesBody(req) && !res.headersSent) {
        res.setHeader('connection', 'close')
        // Node ends the connection of a `Connection: close` answer with `destroySoon()` once
        // the answer is out: FIN, then a close that resets whatever the client sent unread.
        socket.destroySoon = () => linger({ req, socket, lingering, lingerMs, lingerIdleMs })
      }
      return writeHead.apply(res, /** @type {any} */ (arguments))
    }
  )
}

/**
 * Half-closes `socket` (FIN after the answer) and reads what the client still sends until it
 * closes, for at most `lingerMs`, or `lingerIdleMs` without a byte; then closes.
 * @param {{
 *   req: import('node:http').IncomingMessage,
 *   socket: import('node:net').Socket,
 *   lingering?: Set<import('node:net').Socket>,
 *   lingerMs: number,
 *   lingerIdleMs: number,
 * }} args
 */
function linger({ req, socket, lingering, lingerMs, lingerIdleMs }) {
  if (socket.destroyed) return
  lingering?.add(socket)
  const cut = setTimeout(() => socket.destroy(), lingerMs)
  socket.once('close', () => {
    clearTimeout(cut)
    lingering?.delete(socket)
  })
  // Node's HTTP parser reads the socket and resets this timer on every byte it parses.
  socket.setTimeout(lingerIdleMs, () => socket.destroy())
  // The parser hands the rest of the body to the request; a request that is no longer read (or
  // destroyed) takes no more and the parser pauses the socket. Marked dumped, its body is thrown
  // away as it arrives instead: what Node does itself for a body nobody read (`_dump`, called
  // when an answer finishes).
  req._dump()
  socket.resume()
  // The client's FIN ends the parse mid-body, and Node's HTTP server then closes the socket.
  socket.end()
}
