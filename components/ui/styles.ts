// Tailwind class sets shared by the forms and buttons of several screens, so each look is written once.

/** A full-width text input, textarea or select of a stacked form. */
export const INPUT = 'w-full rounded border border-slate-300 p-2 text-sm'
/** The same, tighter: the admin settings and user forms. */
export const INPUT_COMPACT = 'w-full rounded border border-slate-300 p-1.5 text-sm'
/** The small labelled select of a filter or scope picker. */
export const SELECT_SMALL = 'rounded border border-slate-300 p-1'

/** A bordered neutral button (Cancel and the like). */
export const BUTTON_SECONDARY = 'rounded border border-slate-300 px-3 py-1.5 text-sm'
/** The red button that confirms a ban. */
export const BUTTON_DANGER = 'rounded bg-red-600 px-3 py-1.5 text-sm font-medium text-white disabled:opacity-60'
/** The blue button of a form's main action. */
export const BUTTON_PRIMARY = 'rounded bg-blue-600 px-3 py-1.5 text-sm text-white'

/** The small buttons of the inline staff prompts on boards and threads. */
export const BUTTON_SMALL_DANGER = 'rounded bg-red-600 px-2 py-0.5 text-white'
export const BUTTON_SMALL_SECONDARY = 'rounded border border-slate-300 px-2 py-0.5'
