// The fetcher of SWR reads: the JSON body, or an error naming the URL and status (SWR keeps the last data).
export async function fetchJson<T>(url: string): Promise<T> {
  const res = await fetch(url)
  if (!res.ok) throw new Error(`${url}: ${res.status}`)
  return res.json()
}
