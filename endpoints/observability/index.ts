import { livenessEndpoint } from './liveness'
import { metricsEndpoint } from './metrics'
import { readinessEndpoint } from './readiness'

/** Health checks and metrics, for load balancers, orchestrators and Prometheus. */
export const observabilityEndpoints = [livenessEndpoint, readinessEndpoint, metricsEndpoint]
