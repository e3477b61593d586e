'use client'

/** The "Spoiler image" box of both posting forms; its field `spoiler=true` hides the file behind the placeholder. */
export function SpoilerCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex items-center gap-1 text-sm">
      <input
        type="checkbox"
        name="spoiler"
        value="true"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      Spoiler image
    </label>
  )
}
