import config from '@payload-config'
import { getPayload } from 'payload'

/** The Payload instance of this test process, on the run's test database. */
export const getTestPayload = () => getPayload({ config })
