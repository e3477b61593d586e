// The browser's typed API client: one function per call, grouped for visitors and staff. Failed calls throw
// ApiError, whose body the forms turn into messages (messageFor, formErrors).
export { publicApi } from './public'
export { staffApi } from './staff'
export { ApiError, errorBodyOf } from './request'
export { publicPaths, staffPaths } from './paths'
export type * from './bodies'
