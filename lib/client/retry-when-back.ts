'use client'
// A socket that gave up reconnecting tries again when the reader is back.
import type { Socket } from 'socket.io-client'

/**
 * Once the socket has given up reconnecting (a server away for longer than its attempts), it tries again when the
 * tab becomes visible or the browser comes back online: the same socket reconnects (never a second one), and its
 * `connect` joins the rooms again, whose acknowledgements catch up. Returns the clean-up of its listeners.
 */
export function retryWhenBack(socket: Socket): () => void {
  let gaveUp = false
  const onFailed = () => (gaveUp = true)
  const retry = () => {
    if (!gaveUp || document.visibilityState !== 'visible') return
    gaveUp = false
    socket.connect()
  }
  socket.io.on('reconnect_failed', onFailed)
  document.addEventListener('visibilitychange', retry)
  window.addEventListener('online', retry)
  return () => {
    socket.io.off('reconnect_failed', onFailed)
    document.removeEventListener('visibilitychange', retry)
    window.removeEventListener('online', retry)
  }
}
