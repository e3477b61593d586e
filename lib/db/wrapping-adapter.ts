// A driver adapter factory whose every connection passes through a wrapper: how statement counting
// (statement-count.ts) and fault watching (fault-watch.ts) see each statement Prisma sends.
import type { SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils'

export function wrappingAdapter(
  factory: SqlDriverAdapterFactory,
  wrap: <T extends object>(connection: T) => T,
): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    async connect() {
      return wrap(await factory.connect())
    },
  }
}
