/** The upload bar of the posting forms: `progress` runs from 0 to 1 and is announced as a percentage. */
export function UploadProgress({ progress }: { progress: number }) {
  const percent = Math.round(progress * 100)
  return (
    <div
      className="h-2 w-full overflow-hidden rounded bg-slate-200"
      role="progressbar"
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div className="h-full bg-blue-600 transition-all" style={{ width: `${percent}%` }} />
    </div>
  )
}
