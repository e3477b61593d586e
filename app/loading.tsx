'use client'
import { useEffect, useState } from 'react'

/** Shown while a page loads; after 5 s it warns that the server may be waking up (visitor spec 2). */
export default function Loading() {
  const [slow, setSlow] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), 5000)
    return () => clearTimeout(timer)
  }, [])
  return (
    <div role="status" className="py-16 text-center text-slate-600">
      <p>Loading...</p>
      {slow && <p className="mt-2 text-sm">The server may be waking up. Please wait, this can take up to 50 seconds.</p>}
    </div>
  )
}
