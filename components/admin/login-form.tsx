'use client'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useEffect, useState, type FormEvent } from 'react'
import { Field } from '@/components/ui/field'
import { ErrorText } from '@/components/ui/form-message'
import { INPUT } from '@/components/ui/styles'
import { storeAdminUser } from '@/lib/client/admin-user'
import { ApiError, staffApi } from '@/lib/client/api'

/** Staff login: the form stays disabled until the security token has arrived. */
export function LoginForm() {
  const router = useRouter()
  const [token, setToken] = useState<string | null>(null)
  const [initError, setInitError] = useState<string | null>(null)
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    staffApi
      .loginToken()
      .then(setToken)
      .catch(() => setInitError('Failed to initialize login form. Please refresh the page.'))
  }, [])

  async function submit(e: FormEvent) {
    e.preventDefault()
    setError(null)
    if (!username.trim() || !password) return setError('Username and password are required')
    if (!token) return setError('Security token not available. Please refresh the page.')
    setBusy(true)
    try {
      const { user } = await staffApi.login({ username: username.trim(), password }, token)
      storeAdminUser(user)
      router.push('/admin/dashboard')
    } catch (err) {
      setError(
        err instanceof ApiError ? (err.body?.error ?? 'Login failed') : 'Authentication failed. Please try again.',
      )
    } finally {
      setBusy(false)
    }
  }

  if (initError) return <ErrorText>{initError}</ErrorText>
  if (!token) return <p className="text-sm text-slate-600">Initializing login form...</p>
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="Staff login">
      <Field id="username" label="Username">
        <input
          id="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          className={INPUT}
        />
      </Field>
      <Field id="password" label="Password">
        <input
          id="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          className={INPUT}
        />
      </Field>
      <ErrorText>{error}</ErrorText>
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded bg-blue-600 py-2 text-sm font-medium text-white disabled:opacity-60"
      >
        {busy ? 'Logging in...' : 'Login'}
      </button>
      <Link href="/" className="block text-center text-sm text-board-link hover:underline">
        Return to main site
      </Link>
    </form>
  )
}
