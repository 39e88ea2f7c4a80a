import { z } from 'zod'

import { submitInquiry } from '@/contact/operations/submitInquiry'
import { defineEndpoint } from '@/http/defineEndpoint'
import { readJsonBody } from '@/http/readJsonBody'
import { parseInput } from '@/http/parseInput'
import { contactBody, contactResult } from '@/contact/contracts/contactForm'

export const contactEndpoint = defineEndpoint({
  path: '/contact',
  method: 'post',
  family: 'custom',
  access: 'anyone',
  rateLimit: 'contact',
  openapi: {
    operationId: 'submitContactForm',
    summary: 'Send a message to the administrators',
    description:
      'Stores an inquiry (status `new`) and answers at once; the administrators are e-mailed ' +
      '`New inquiry from <name>` right after (retried later if the mail server fails). Limited ' +
      'to 5 requests per 10 minutes per client address.',
    tags: ['Contact'],
    body: contactBody,
    responses: { 200: { description: 'Stored', schema: contactResult } },
  },
  handler: async (req) => {
    const body = parseInput(contactBody, await readJsonBody(req))
    await submitInquiry({ req, inquiry: body })
    return Response.json({ success: true } satisfies z.infer<typeof contactResult>)
  },
})
