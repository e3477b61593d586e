'use client'
// Multipart POST with upload progress (fetch cannot report it): the parsed JSON answer, or ApiError as request().
import { ApiError } from './request'
import type { ErrorBody } from '../../error-messages'

export function postWithProgress<T>(url: string, body: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.withCredentials = true
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total)
    }
    xhr.onload = () => {
      let parsed: unknown = null
      try {
        parsed = JSON.parse(xhr.responseText)
      } catch {
        /* non-JSON answer */
      }
      // Both upload routes answer 201 Created; anything else is a refusal.
      if (xhr.status === 201) resolve(parsed as T)
      else reject(new ApiError(url, xhr.status, parsed && typeof parsed === 'object' ? (parsed as ErrorBody) : null))
    }
    xhr.onerror = () => reject(new Error('Network error'))
    xhr.send(body)
  })
}
