import { describe, expect, it } from 'vitest'

import { acceptedUploadsText, refusedTypeMessage } from './acceptedUploads'
import { allowedImageTypes } from './imageSizes'

const tenMegabytes = 10 * 1024 * 1024

describe('acceptedUploadsText', () => {
  it('names the accepted types and the size limit as people know them', () => {
    expect(acceptedUploadsText({ mimeTypes: allowedImageTypes, maxBytes: tenMegabytes })).toBe(
      'PNG, JPEG, WebP, GIF or AVIF, up to 10 MB',
    )
    expect(acceptedUploadsText({ mimeTypes: ['image/png'], maxBytes: 2621440 })).toBe(
      'PNG, up to 2.5 MB',
    )
  })
})

describe('refusedTypeMessage', () => {
  it('says which kind of file was refused and what to upload instead', () => {
    const accepted = { mimeTypes: allowedImageTypes, maxBytes: tenMegabytes }
    expect(refusedTypeMessage({ mimeType: 'image/svg+xml', ...accepted })).toBe(
      'SVG files are not accepted. Upload a PNG, JPEG, WebP, GIF or AVIF image, up to 10 MB.',
    )
    expect(refusedTypeMessage({ mimeType: 'application/pdf', ...accepted })).toMatch(
      /^PDF files are not accepted\. Upload a PNG/,
    )
    expect(refusedTypeMessage({ mimeType: 'application/x-thing', ...accepted })).toMatch(
      /^Files of this type \(application\/x-thing\) are not accepted\. Upload a PNG/,
    )
  })
})
