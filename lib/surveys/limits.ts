// Poll limits, shared by the server's checks and the browser's form.
export const TEXT_MAX = 280
export const OPTIONS_MIN = 2
export const OPTIONS_MAX = 16
