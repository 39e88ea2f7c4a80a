export { AuditLog } from './AuditLog'
export { Consumers } from './Consumers'
export { Users } from './Users'
