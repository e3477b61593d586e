/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // server.ts serves media and socket.io itself; Next only renders pages and API routes.
  serverExternalPackages: ['sharp', 'better-sqlite3', 'pg', 'ioredis', '@aws-sdk/client-s3', 'maxmind', '@ip-location-db/geolite2-country-mmdb', '@ip-location-db/asn'],
  typedRoutes: false,
}

export default nextConfig
