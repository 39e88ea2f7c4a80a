import { Readable } from 'node:stream'

import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3'

import type { ObjectStorage } from '../settings'
import { fileEntityTag } from '../imageSizes'
import type { StoredFile } from './storedFile'

/**
 * The object `filename` in the media bucket, or undefined when there is none. Objects are keyed
 * by their file name alone, as the S3 adapter stores them (no prefix is configured); a name with
 * a path separator is never one of them.
 */
export async function findBucketFile(
  storage: ObjectStorage,
  filename: string,
): Promise<StoredFile | undefined> {
  if (/[/\\]/.test(filename) || filename === '.' || filename === '..') return undefined
  const client = clientFor(storage)
  const object = { Bucket: storage.bucket, Key: filename }
  const head = await client.send(new HeadObjectCommand(object)).catch((error: unknown) => {
    if (isNotFound(error)) return undefined
    throw error
  })
  if (!head) return undefined
  const size = head.ContentLength ?? 0
  const modified = head.LastModified ?? new Date(0)
  return {
    size,
    modified,
    // The bucket's own tag; a service without one gets the local form.
    entityTag: head.ETag ?? fileEntityTag(size, modified.getTime()),
    read: async (range) => {
      const { Body } = await client.send(
        new GetObjectCommand({
          ...object,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      )
      if (!(Body instanceof Readable)) throw new Error(`The bucket sent no body for ${filename}`)
      return Body
    },
  }
}

/** One client per bucket configuration: it keeps its connections open between requests. */
const clients = new WeakMap<ObjectStorage, S3Client>()

function clientFor(storage: ObjectStorage): S3Client {
  let client = clients.get(storage)
  if (!client) {
    client = new S3Client({
      region: storage.region,
      endpoint: storage.endpoint,
      credentials: storage.credentials,
      forcePathStyle: storage.forcePathStyle,
    })
    clients.set(storage, client)
  }
  return client
}

const isNotFound = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'NotFound' ||
    error.name === 'NoSuchKey' ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
