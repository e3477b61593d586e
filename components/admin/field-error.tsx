/** A validation message under a form field (from the server's `details`). */
export function FieldError({ text }: { text?: string }) {
  return text ? <span className="mt-0.5 block text-left text-xs font-normal text-red-600">{text}</span> : null
}
