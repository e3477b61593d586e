'use client'
import { useState } from 'react'

/**
 * A country flag from /flags/{4x3|1x1}/{code}.svg; when the image fails (LO, CF, or a code without a flag) the
 * uppercase code is shown in a box instead.
 */
export function CountryFlag({ code, name, large = false }: { code: string; name: string; large?: boolean }) {
  const [failed, setFailed] = useState(code === 'LO')
  const [w, h] = large ? [24, 18] : [32, 24]
  if (failed) {
    return (
      <span
        title={name}
        className="inline-flex items-center justify-center rounded border border-slate-400 px-1 text-[10px] font-bold text-slate-700"
        style={{ minWidth: w, height: h }}
      >
        {code.toUpperCase()}
      </span>
    )
  }

  return (
    <img
      src={`/flags/4x3/${code.toLowerCase()}.svg`}
      alt={code.toUpperCase()}
      title={name}
      width={w}
      height={h}
      onError={() => setFailed(true)}
      className="inline-block rounded-sm border border-slate-200"
    />
  )
}
