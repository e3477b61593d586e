// The server starts with Node's source-map support on (`--enable-source-maps` in `npm run start:prebuilt` and the
// systemd unit), so errors logged from server.ts and lib/ show TypeScript positions through dist/server.mjs.map.
// While on, Node reads, parses and keeps the map of every module that names one as it loads: Next's runtimes and
// Prisma's runtime ship theirs, ≈ 20 MB of heap once the first pages have loaded them. Nothing in production reads
// those: Next replaces `Error.prepareStackTrace` with its own, which does not map (error.stack shows compiled
// positions), and maps frames only when an error is printed with util.inspect, through `module.findSourceMap`. So
// the support is turned off once our own code is loaded: the maps already read stay findable, and modules loaded
// later are read without theirs.
export function keepSourceMapsOfLoadedModulesOnly(): void {
  process.setSourceMapsEnabled(false)
}
