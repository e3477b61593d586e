/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // server.ts compresses what Next answers (lib/http/compress-answers.ts): an answer made for one request at the
  // cheapest levels, where Next's own gzip would run at level 6.
  compress: false,
  // server.ts serves media and socket.io itself; Next only renders pages and API routes.
  serverExternalPackages: [
    'sharp',
    'better-sqlite3',
    'pg',
    'ioredis',
    '@aws-sdk/client-s3',
    'maxmind',
    '@ip-location-db/geolite2-country-mmdb',
    '@ip-location-db/asn',
    // One prom-client for server.ts and the bundles: metrics registered by one copy are read by the other.
    'prom-client',
  ],
  typedRoutes: false,
  experimental: {
    // No source maps for the server bundles: with them, Node (source maps are on, for tsx) reads and keeps every
    // chunk's map in memory as Next loads it, ≈ 40 MB of heap for stack traces nobody reads in production.
    serverSourceMaps: false,
    // The posting forms without JavaScript send a file of up to 4 MiB and their text to a server action; the
    // action applies the same 4 MiB limit (lib/posts/form-submission.ts) as the API.
    serverActions: { bodySizeLimit: '5mb' },
  },
}

export default nextConfig
