import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'

const swaggerUi = 'node_modules/swagger-ui-dist'
const css = 'text/css; charset=utf-8'
const js = 'text/javascript; charset=utf-8'

/** Every file `/docs/assets/<name>` serves, by name: its path from the project root, its type. */
const allowList = new Map<string, { file: string; contentType: string }>([
  ['swagger-ui.css', { file: `${swaggerUi}/swagger-ui.css`, contentType: css }],
  ['swagger-ui-bundle.js', { file: `${swaggerUi}/swagger-ui-bundle.js`, contentType: js }],
  ['favicon-32x32.png', { file: `${swaggerUi}/favicon-32x32.png`, contentType: 'image/png' }],
  ['init.js', { file: 'src/docs/swaggerUiInit.js', contentType: js }],
])

/** One asset of the API reference page, read once per process. */
export type DocsAsset = {
  /** The file's bytes. */
  body: Buffer
  /** Its `Content-Type`. */
  contentType: string
  /** A short hash of the bytes, put in the page's links so that a changed file gets a new URL. */
  version: string
}

const loaded = new Map<string, Promise<DocsAsset>>()

/** The asset called `name`, or `undefined` for any name outside the allow-list. */
export function docsAsset(name: string): Promise<DocsAsset> | undefined {
  const entry = allowList.get(name)
  if (!entry) return undefined
  let asset = loaded.get(name)
  if (!asset) {
    asset = readFile(path.join(process.cwd(), entry.file)).then((body) => ({
      body,
      contentType: entry.contentType,
      version: createHash('sha256').update(body).digest('hex').slice(0, 12),
    }))
    loaded.set(name, asset)
  }
  return asset
}

/** The URL the page links `name` by: `/docs/assets/<name>?v=<version>`. */
export async function docsAssetUrl(name: string): Promise<string> {
  const asset = docsAsset(name)
  if (!asset) throw new Error(`${name} is not a docs asset`)
  return `/docs/assets/${name}?v=${(await asset).version}`
}
