'use client'
// Multipart POST with upload progress (fetch cannot report it), answering the parsed JSON body.
export function postWithProgress(url: string, body: FormData, onProgress: (fraction: number) => void): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.withCredentials = true
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) onProgress(e.loaded / e.total) }
    xhr.onload = () => {
      let parsed: unknown = null
      try { parsed = JSON.parse(xhr.responseText) } catch { /* non-JSON answer */ }
      resolve({ status: xhr.status, body: parsed })
    }
    xhr.onerror = () => reject(new Error('Network error'))
    xhr.send(body)
  })
}
