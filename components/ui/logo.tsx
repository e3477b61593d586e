export function Logo() {
  return (
    <div className="flex items-center justify-center gap-3 py-4">
      <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true">
        <rect x="2" y="6" width="36" height="28" rx="4" fill="#b45309" />
        <rect x="6" y="10" width="28" height="20" rx="2" fill="#fcd34d" />
        <circle cx="20" cy="14" r="3" fill="#dc2626" />
      </svg>
      <h1 className="text-4xl font-bold tracking-tight">Corkboard</h1>
    </div>
  )
}
