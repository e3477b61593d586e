import { useState, type ChangeEvent } from 'react'

type TextKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T]

/** A form's edited values, with `text(field)` giving the value and change handler of an input for one text field. */
export function useDraft<T extends object>(initial: T | (() => T)) {
  const [draft, setDraft] = useState(initial)
  const text = (field: TextKey<T>) => ({
    value: draft[field] as string,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setDraft({ ...draft, [field]: e.target.value }),
  })
  return { draft, setDraft, text }
}
