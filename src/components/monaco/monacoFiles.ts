import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'

const packageDir = path.join(process.cwd(), 'node_modules/monaco-editor')
const vsDir = path.join(packageDir, 'min/vs')
const contentTypes = new Map([
  ['.js', 'text/javascript; charset=utf-8'],
  ['.css', 'text/css; charset=utf-8'],
])

let installedVersion: string | undefined

/** The version of the installed `monaco-editor` package (read once). */
export function monacoVersion(): string {
  installedVersion ??= (
    JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }
  ).version
  return installedVersion
}

/**
 * Where the admin panel loads Monaco's AMD build from: this app, under a path naming the
 * installed version, so that an upgrade never mixes cached files of two versions.
 */
export const monacoVsUrl = () => `/monaco-editor/${monacoVersion()}/vs`

/** One file of `monaco-editor/min/vs`. */
export type MonacoFile = {
  /** The file's bytes. */
  body: Buffer
  /** Its `Content-Type`. */
  contentType: string
}

/**
 * The file at `segments` below `monaco-editor/min/vs`, or `undefined` for anything else: a
 * path leaving that directory, a type other than JavaScript or CSS, a missing file.
 */
export async function monacoFile(segments: string[]): Promise<MonacoFile | undefined> {
  const file = path.resolve(vsDir, ...segments)
  const contentType = contentTypes.get(path.extname(file))
  if (!file.startsWith(vsDir + path.sep) || !contentType) return undefined
  const body = await readFile(file).catch(() => undefined)
  return body && { body, contentType }
}
