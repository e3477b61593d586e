import type { Metadata } from 'next'
import { LoginForm } from '@/components/admin/login-form'
import { Card } from '@/components/ui/card'

export const metadata: Metadata = { title: 'Staff login', robots: { index: false } }

export default function AdminLoginPage() {
  return (
    <div className="mx-auto max-w-sm py-12">
      <Card title="Staff Login" level={1}>
        <LoginForm />
      </Card>
    </div>
  )
}
