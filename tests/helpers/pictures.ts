import type { Payload } from 'payload'
import sharp from 'sharp'

/** A real picture: a diagonal gradient with a circle, `width` x `height`, as JPEG or PNG. */
export async function picture(format: 'jpeg' | 'png', width = 1200, height = 800): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#2a6"/>
    <stop offset="1" stop-color="#a26"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="#fd4"/></svg>`
  const image = sharp(Buffer.from(svg))
  return format === 'jpeg' ? image.jpeg({ quality: 85 }).toBuffer() : image.png().toBuffer()
}

/**
 * Uploads a picture of one colour (`background`), `width` x `height`, as JPEG or PNG, with `alt`,
 * through the Local API as an editor would; returns the media id.
 */
export async function uploadPlainPicture(
  payload: Payload,
  args: {
    alt: string
    format: 'jpeg' | 'png'
    width: number
    height: number
    background: { r: number; g: number; b: number }
  },
) {
  const { alt, format, width, height, background } = args
  const image = sharp({ create: { width, height, channels: 3, background } })
  const data = await (format === 'jpeg' ? image.jpeg() : image.png()).toBuffer()
  const doc = await payload.create({
    collection: 'media',
    data: { alt },
    file: {
      data,
      mimetype: `image/${format}`,
      name: `${alt.replace(/\W+/g, '-')}.${format === 'jpeg' ? 'jpg' : 'png'}`,
      size: data.length,
    },
  })
  return doc.id
}
