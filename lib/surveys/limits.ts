// Poll limits (visitor spec 5, contract 5.12), shared by the server's checks and the browser's form.
export const TEXT_MAX = 280
export const OPTIONS_MIN = 2
export const OPTIONS_MAX = 16
