// The public Board object (contract 2.0).
export interface PublicBoard {
  id: string
  name: string
  description: string
  nsfw: boolean
  thread_ids_enabled: boolean
  country_flags_enabled: boolean
}

export function toPublicBoard(b: { id: string; name: string; description: string; nsfw: boolean; threadIdsEnabled: boolean; countryFlagsEnabled: boolean }): PublicBoard {
  return {
    id: b.id,
    name: b.name,
    description: b.description,
    nsfw: b.nsfw,
    thread_ids_enabled: b.threadIdsEnabled,
    country_flags_enabled: b.countryFlagsEnabled,
  }
}
