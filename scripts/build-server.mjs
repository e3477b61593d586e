// Compiles server.ts and the part of lib/ and components/ it imports into one ES module, dist/server.mjs, after
// `next build` (npm run build). Production runs that file with plain Node: a TypeScript loader at run time (tsx)
// costs ≈ 30 MB of resident memory (its hooks run on a thread of their own with a second V8 heap) and a slower
// start. Packages stay outside the bundle, so server.ts and Next's route bundles share one copy of each (the metrics
// registry, the rate limiters). Not minified: names stay readable in stack traces and CPU profiles, and the source
// map beside it turns positions back into TypeScript (`node --enable-source-maps`, bench/profile-summary.ts).
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

await build({
  absWorkingDir: root,
  entryPoints: ['server.ts'],
  outfile: 'dist/server.mjs',
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  sourcemap: 'linked',
  // Next's package has no exports map, so Node's ES module loader needs the file's extension (the catalog's tiles,
  // rendered here to HTML, hold next/link's links).
  alias: { 'next/link': 'next/link.js' },
  // Node 20.10 and later read `with { type: 'json' }`, which its loader needs to import a package's JSON file;
  // esbuild's table for node20 would drop the attribute.
  supported: { 'import-attributes': true },
  logLevel: 'warning',
})
console.log('Server compiled: dist/server.mjs')
