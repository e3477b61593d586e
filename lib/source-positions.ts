// Node's source-map support, on for the whole process because tsx turns it on, reads, parses and keeps the map of
// every module that names one as it loads: Next's runtimes and Prisma's runtime ship theirs, ≈ 20 MB of heap once
// the first pages have loaded them. Nothing in production reads those: Next replaces `Error.prepareStackTrace`
// with its own, which does not map (error.stack shows compiled positions), and maps frames only when an error is
// printed with util.inspect, through `module.findSourceMap`. So the support is turned off once our own modules are
// loaded: the maps Node kept for server.ts and lib/ stay findable, and modules loaded later are read without theirs.
export function keepSourceMapsOfLoadedModulesOnly(): void {
  process.setSourceMapsEnabled(false)
}
