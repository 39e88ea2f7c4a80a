import { mkdtemp, rm, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import type { Environment } from '../../src/config/readVariables'

/** The part of s3rver's API the tests use (the package ships no types). */
type S3rverServer = {
  run(): Promise<AddressInfo>
  close(): Promise<void>
}
type S3rverOptions = {
  port: number
  address: string
  silent: boolean
  directory: string
  configureBuckets: { name: string }[]
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (
  options: S3rverOptions,
) => S3rverServer

/** The part of s3rver's filesystem store that `answerPutsOnceWritten` wraps. */
type FilesystemStore = {
  getResourcePath(bucket: string, key: string, resource: 'object'): string
  putObject(object: { bucket: string; key: string }): Promise<{ size: number }>
}
const { prototype: store } = createRequire(import.meta.url)('s3rver/lib/stores/filesystem') as {
  prototype: FilesystemStore
}

/**
 * s3rver's filesystem store answers a PUT once it has read the body, before the object's file
 * is written whole (its `putObject` resolves when the hashing stream ends, and only pipes into
 * the file's write stream then): a read right after a PUT could find the file empty or short,
 * as it did under CI's load (a test read an empty image through the app). A real S3 answers
 * once the object is stored: here a PUT is answered once the file has its whole size.
 */
function answerPutsOnceWritten() {
  const putObject = store.putObject
  if ((putObject as { isWrapped?: boolean }).isWrapped) return
  const wrapped = async function (this: FilesystemStore, object: { bucket: string; key: string }) {
    const result = await putObject.call(this, object)
    const file = this.getResourcePath(object.bucket, object.key, 'object')
    // (Bounded: a second PUT of the same key meanwhile may leave another size.)
    for (let wait = 0; wait < 2000 && (await stat(file)).size !== result.size; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    return result
  }
  store.putObject = Object.assign(wrapped, { isWrapped: true })
}
answerPutsOnceWritten()

/** s3rver accepts any credentials; these are the ones its documentation uses. */
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

/** A running S3-compatible server and the bucket made on it. */
export type S3Server = {
  /** `http://127.0.0.1:<port>`: the value of `S3_ENDPOINT`. */
  endpoint: string
  /** The bucket, created empty at start. */
  bucket: string
  /** Access key and secret the server accepts. */
  credentials: { accessKeyId: string; secretAccessKey: string }
  /** The `S3_*` variables an app (in this process or another) needs to store media there. */
  environment: Environment
  /** Stops the server and deletes what it stored. */
  stop: () => Promise<void>
}

/**
 * A real S3-compatible server (s3rver) on loopback, on a port the operating system chooses, with
 * one empty bucket; it keeps its objects in a temporary directory of its own. It runs in this
 * process; an app started as another process reaches it through `environment`.
 */
export async function startS3Server({ bucket = 'media' } = {}): Promise<S3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'))
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket,
    credentials,
    environment: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    stop: async () => {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
