import { Card } from '@/components/ui/card'

export function NotAuthorized() {
  return (
    <Card title="Not authorized">
      <p className="text-sm">Your role does not give access to this page.</p>
    </Card>
  )
}
