'use client'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useEffect, useState, type FormEvent, type InputHTMLAttributes } from 'react'
import { Field } from '@/components/ui/field'
import { ErrorText } from '@/components/ui/form-message'
import { INPUT } from '@/components/ui/styles'
import { SubmitButton } from '@/components/ui/submit-button'
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
      <LoginInput id="username" label="Username" autoComplete="username" value={username} onChange={setUsername} />
      <LoginInput
        id="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <ErrorText>{error}</ErrorText>
      <SubmitButton
        busy={busy}
        label="Login"
        busyLabel="Logging in..."
        className="w-full rounded bg-blue-600 py-2 text-sm font-medium text-white disabled:opacity-60"
      />
      <Link href="/" className="block text-center text-sm text-board-link hover:underline">
        Return to main site
      </Link>
    </form>
  )
}

function LoginInput({
  id,
  label,
  onChange,
  ...input
}: { id: string; label: string; onChange: (value: string) => void } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete' | 'value'
>) {
  return (
    <Field id={id} label={label}>
      <input id={id} {...input} onChange={(e) => onChange(e.target.value)} className={INPUT} />
    </Field>
  )
}
