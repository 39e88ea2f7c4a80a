export { Inquiries } from './Inquiries'
