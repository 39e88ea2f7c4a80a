import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import path from 'node:path'

import { fileEntityTag } from '../imageSizes'
import type { StoredFile } from './storedFile'

/**
 * The file `filename` in `directory` (`MEDIA_DIRECTORY`), or undefined when it is not a file
 * there; a name resolving outside the directory is never looked up.
 */
export async function findLocalFile(
  directory: string,
  filename: string,
): Promise<StoredFile | undefined> {
  const file = path.resolve(directory, filename)
  if (!file.startsWith(directory + path.sep)) return undefined
  const stats = await stat(file).catch(() => undefined)
  if (!stats?.isFile()) return undefined
  return {
    size: stats.size,
    modified: stats.mtime,
    entityTag: fileEntityTag(stats.size, stats.mtimeMs),
    read: async (range) => createReadStream(file, range),
  }
}
