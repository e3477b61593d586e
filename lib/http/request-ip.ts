// The client address for code with no Request object in hand (pages, server actions): server.ts resolved it and
// passed it on in CLIENT_IP_HEADER.
import { headers } from 'next/headers'
import { CLIENT_IP_HEADER } from './client-ip'

export async function requestIp(): Promise<string> {
  return (await headers()).get(CLIENT_IP_HEADER) ?? '0.0.0.0'
}
