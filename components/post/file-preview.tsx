'use client'
import { useEffect, useRef } from 'react'
import { formatBytes, shortenMiddle } from '@/lib/ui/file-info'

/** A local file shown through an object URL, released when the file changes or the preview goes. */
function LocalImage({ file }: { file: File }) {
  const img = useRef<HTMLImageElement>(null)
  useEffect(() => {
    const url = URL.createObjectURL(file)
    if (img.current) img.current.src = url
    return () => URL.revokeObjectURL(url)
  }, [file])
  // eslint-disable-next-line @next/next/no-img-element -- a local object URL, not served media
  return <img ref={img} alt="Preview of the file to send" className="max-h-20 max-w-20 rounded border" />
}

/** The file about to be sent: a small picture of an image, the name and size of any file, and a way to drop it. */
export function FilePreview({ file, onRemove }: { file: File; onRemove: () => void }) {
  return (
    <div className="flex items-center gap-2 text-xs text-slate-600" data-testid="file-preview">
      {file.type.startsWith('image/') && <LocalImage file={file} />}
      <span className="break-all" title={file.name}>
        {shortenMiddle(file.name || 'pasted file')} ({formatBytes(file.size)})
      </span>
      <button type="button" onClick={onRemove} className="text-red-600 hover:underline">
        Remove
      </button>
    </div>
  )
}
