// The banned-file entries the admin API answers with, as zod schemas for the OpenAPI document.
import { z } from 'zod'

export const ZBannedFile = z.object({
  id: z.number().int(),
  sha256: z.string().nullable().meta({ description: 'Hex SHA-256 of the file as uploaded; null for older posts' }),
  storedSha256: z.string().meta({ description: 'Hex SHA-256 of the stored (metadata-stripped) file' }),
  phash: z.string().nullable().meta({ description: '64-bit perceptual hash (16 hex digits); images only' }),
  fileType: z.string(),
  reason: z.string(),
  banPoster: z.boolean(),
  banDuration: z.string().nullable(),
  boardId: z.string(),
  postId: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
})
