'use client'
// A posting form's file may also arrive by pasting (an image copied to the clipboard) or by dropping a file onto the
// form. It is put into the form's file input as well, so the input shows it and a plain submit would send it.
import { useState, type ClipboardEvent, type DragEvent, type RefObject } from 'react'

function putIntoInput(input: HTMLInputElement | null, file: File) {
  if (!input) return
  const transfer = new DataTransfer()
  transfer.items.add(file)
  input.files = transfer.files
}

const carriesFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files')

export function useFileDrop(input: RefObject<HTMLInputElement | null>, onFile: (file: File) => void) {
  const [dragging, setDragging] = useState(false)
  const take = (file: File | undefined) => {
    if (!file) return false
    putIntoInput(input.current, file)
    onFile(file)
    return true
  }
  const handlers = {
    onPaste(e: ClipboardEvent) {
      // Text pastes go on into the text field; only a pasted file is taken.
      if (take(e.clipboardData.files[0])) e.preventDefault()
    },
    onDragOver(e: DragEvent) {
      if (!carriesFiles(e)) return
      e.preventDefault()
      e.dataTransfer.dropEffect = 'copy'
      setDragging(true)
    },
    onDragLeave(e: DragEvent) {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false)
    },
    onDrop(e: DragEvent) {
      setDragging(false)
      if (!carriesFiles(e)) return
      e.preventDefault()
      take(e.dataTransfer.files[0])
    },
  }
  return { dragging, handlers }
}
