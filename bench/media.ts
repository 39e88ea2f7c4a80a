/**
 * `npm run bench:media`, against Payload's REST handlers served over `node:http` in a process of
 * their own (`bench/lib/restServer.ts`: schema pushed, demo data seeded; no Next in front):
 * - the latency of `GET /api/v1/articles/{id}` (API key) alone, and again while 5 MB JPEG
 *   uploads run without pause (each one decoded and resized to three WebP sizes by sharp), in
 *   three rounds of both: the ratio of the two p99s says what uploads cost readers (the target is
 *   1.5 at most; the median round's is reported);
 * - serving a generated size through `GET /api/media/file/{name}` against the same bytes from a
 *   bare `node:http` server streaming the file (in this process: the floor).
 * Prints figures; the images go to a temporary MEDIA_DIRECTORY that is removed afterwards.
 */
import { createReadStream } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import sharp from 'sharp'

import { createDatabaseIfMissing, freePort } from '../scripts/lib/embeddedPostgres'
import { seedCredentials } from '../seed/identities'
import { signalGroup, spawnInGroup } from '../tests/helpers/processGroups'
import { multipartUpload } from '../tests/helpers/restOverHttp'
import { startTestServer } from '../tests/helpers/testDatabase'
import { measure, printTable, type Figures } from './lib/measure'

const seconds = 10
const connections = 4
const roundCount = 3
const mediaDirectory = await mkdtemp(path.join(os.tmpdir(), 'bench-media-'))
const database = await startTestServer()
await createDatabaseIfMissing(database.adminUrl, `${database.prefix}_bench`)
const port = await freePort()
const server = spawnInGroup(
  'bench/lib/restServer.ts',
  [],
  {
    DATABASE_URL: database.urlFor(`${database.prefix}_bench`),
    PAYLOAD_SECRET: 'bench-media-secret',
    PORT: String(port),
    RATE_LIMIT_DEFAULT: '100000000/60',
    RATE_LIMIT_EDITORS: '100000000/60',
    LOG_LEVEL: 'warn',
    MEDIA_DIRECTORY: mediaDirectory,
    MEDIA_MAX_MEGABYTES: '10',
  },
  { stdio: ['ignore', 'pipe', 'inherit'] },
)
const exited = new Promise((resolve) => server.once('exit', resolve))
const app = {
  baseUrl: await new Promise<string>((resolve, reject) => {
    let output = ''
    server.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const url = /listening (\S+)/.exec(output)?.[1]
      if (url) resolve(url)
    })
    server.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${output}`)))
  }),
  stop: async () => {
    signalGroup(server, 'SIGTERM')
    await exited
    await database.stop()
  },
}
let staticServer: ReturnType<typeof createServer> | undefined
try {
  const credentials = seedCredentials()
  const login = await fetch(`${app.baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: credentials.editorEmail, password: credentials.editorPassword }),
  })
  const { token } = (await login.json()) as { token: string }
  const editor = { authorization: `Bearer ${token}` }
  const apiKey = { 'x-api-key': credentials.consumerApiKey }

  const list = await fetch(`${app.baseUrl}/api/v1/articles?limit=1`, { headers: apiKey })
  const articleId = ((await list.json()) as { data: { id: number }[] }).data[0]!.id
  const read = {
    name: `GET /api/v1/articles/${articleId}`,
    path: `/api/v1/articles/${articleId}`,
    headers: apiKey,
    expectStatus: 200,
  }

  // A photograph-like 5 MB JPEG: noise compresses badly, as real detail does.
  const photo = await sharp({
    create: {
      width: 3000,
      height: 2000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer()
  const upload = async () => {
    const { body, contentType } = multipartUpload(
      { data: photo, filename: 'bench-photo.jpg', contentType: 'image/jpeg' },
      { alt: 'Bench photo' },
    )
    const started = performance.now()
    const response = await fetch(`${app.baseUrl}/api/media`, {
      method: 'POST',
      headers: { ...editor, 'content-type': contentType },
      body,
    })
    const answer = (await response.json()) as { doc: { sizes: { card: { filename: string } } } }
    if (response.status !== 201) throw new Error(`upload answered ${response.status}`)
    return { ms: performance.now() - started, doc: answer.doc }
  }
  const first = await upload()
  console.log(
    `Upload of a ${(photo.length / 1024 / 1024).toFixed(1)} MB JPEG (3000x2000) alone: ${Math.round(first.ms)} ms`,
  )

  // Quiet and busy windows alternate, so that a burst of other work on the machine lands in one
  // round rather than in every figure; the ratio reported is the median round's.
  const rounds: { alone: Figures; underUploads: Figures; uploadTimes: number[] }[] = []
  for (let round = 1; round <= roundCount; round++) {
    const [alone] = await measure(
      app.baseUrl,
      [{ ...read, name: `${read.name}, alone (round ${round})` }],
      { connections, seconds },
    )
    // Uploads one after another until the measurement ends.
    let uploading = true
    const uploadTimes: number[] = []
    const uploader = (async () => {
      while (uploading) uploadTimes.push((await upload()).ms)
    })()
    const [underUploads] = await measure(
      app.baseUrl,
      [{ ...read, name: `${read.name}, during 5 MB uploads (round ${round})` }],
      { connections, seconds },
    )
    uploading = false
    await uploader
    rounds.push({ alone: alone!, underUploads: underUploads!, uploadTimes })
  }

  // A generated size through Payload against the same file from a bare static server.
  const card = first.doc.sizes.card.filename
  const cardFile = path.join(mediaDirectory, card)
  const { size: cardBytes } = await stat(cardFile)
  staticServer = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/webp', 'content-length': cardBytes })
    createReadStream(cardFile).pipe(response)
  })
  await new Promise<void>((resolve) => staticServer!.listen(0, '127.0.0.1', resolve))
  const staticUrl = `http://127.0.0.1:${(staticServer.address() as AddressInfo).port}`
  const payloadServed = await measure(
    app.baseUrl,
    [
      {
        name: `GET /api/media/file/<card> (${cardBytes} B WebP)`,
        path: `/api/media/file/${card}`,
        expectStatus: 200,
      },
    ],
    { connections: 10, seconds },
  )
  const plain = await measure(
    staticUrl,
    [{ name: 'same file, bare node:http + fs stream', path: `/${card}`, expectStatus: 200 }],
    { connections: 10, seconds },
  )

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[(values.length - 1) >> 1]!
  const ratios = rounds.map(({ alone, underUploads }) => underUploads.p99 / alone.p99)
  const uploadTimes = rounds.flatMap((round) => round.uploadTimes)
  console.log(
    `\nnpm run bench:media, ${new Date().toISOString().slice(0, 10)}, ${roundCount} rounds, autocannon -c ${connections} -d ${seconds} (reads), -c 10 -d ${seconds} (files)\n`,
  )
  printTable(rounds.flatMap(({ alone, underUploads }) => [alone, underUploads]))
  console.log(
    `\np99 during uploads / p99 alone, by round: ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')}; ` +
      `median ${median(ratios).toFixed(2)} (target <= 1.5); ${uploadTimes.length} uploads during ` +
      `the busy windows, median ${Math.round(median(uploadTimes) ?? 0)} ms each\n`,
  )
  printTable([...payloadServed, ...plain], plain[0]!.name)
} finally {
  staticServer?.close()
  await app.stop()
  await rm(mediaDirectory, { recursive: true, force: true })
}
process.exit(0)
