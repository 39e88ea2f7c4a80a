/*
 * What the media upload takes, said as people say it: the types by the names they know them by
 * and the size limit in megabytes, from the one list (`allowedImageTypes`) and the one limit
 * (`MEDIA_MAX_MEGABYTES`, Payload's `upload.limits.fileSize`) the upload is checked against.
 */

/** The names people know file types by. */
const typeNames: Record<string, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'image/avif': 'AVIF',
  'image/svg+xml': 'SVG',
  'image/tiff': 'TIFF',
  'image/bmp': 'BMP',
  'image/heic': 'HEIC',
  'image/heif': 'HEIF',
  'image/x-icon': 'ICO',
  'image/vnd.microsoft.icon': 'ICO',
  'application/pdf': 'PDF',
  'text/plain': 'Text',
  'text/html': 'HTML',
  'application/xml': 'XML',
}

/** `26214400` as `25 MB`, `2621440` as `2.5 MB`: megabytes as `MEDIA_MAX_MEGABYTES` counts them. */
export const megabytes = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(2))} MB`

/** What an upload may be. */
type Accepted = {
  /** The MIME types the collection takes, in the order to name them. */
  mimeTypes: readonly string[]
  /** The largest file, in bytes. */
  maxBytes: number
}

const listed = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '')

const namesOf = (mimeTypes: readonly string[]) =>
  listed(mimeTypes.map((type) => typeNames[type] ?? type))

/** What the upload area says before a file is chosen: "PNG, JPEG, WebP, GIF or AVIF, up to 10 MB". */
export function acceptedUploadsText({ mimeTypes, maxBytes }: Accepted): string {
  return `${namesOf(mimeTypes)}, up to ${megabytes(maxBytes)}`
}

/**
 * The refusal of a file of a type the upload does not take, and what to upload instead: "SVG
 * files are not accepted. Upload a PNG, JPEG, WebP, GIF or AVIF image, up to 10 MB." (No colon:
 * the admin panel's toast splits a message at its first colon and the commas after it.)
 */
export function refusedTypeMessage(args: Accepted & { mimeType: string }): string {
  const name = typeNames[args.mimeType]
  const refused = name ? `${name} files are` : `Files of this type (${args.mimeType}) are`
  return `${refused} not accepted. Upload a ${namesOf(args.mimeTypes)} image, up to ${megabytes(args.maxBytes)}.`
}
