// Writes the site's icons into public/ from one SVG (the Logo's corkboard and pin): favicon.ico (32 and 16 px PNGs
// in an ICO container), icon.svg, apple-touch-icon.png (180 px) and the web manifest's 192 and 512 px icons.
// Run after changing the drawing: node scripts/make-icons.mjs
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

const out = path.resolve(import.meta.dirname, '../public')
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">
<rect x="2" y="6" width="36" height="28" rx="4" fill="#b45309"/>
<rect x="6" y="10" width="28" height="20" rx="2" fill="#fcd34d"/>
<circle cx="20" cy="14" r="3" fill="#dc2626"/>
</svg>
`
const png = (size, background) => {
  const image = sharp(Buffer.from(svg), { density: (72 * size) / 40 }).resize(size, size)
  return (background ? image.flatten({ background }) : image).png().toBuffer()
}

/** An ICO file holding PNG images (every browser since 2010 reads PNG entries). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(images.length, 4)
  let offset = header.length
  images.forEach(({ size, data }, i) => {
    const at = 6 + 16 * i
    header.writeUInt8(size >= 256 ? 0 : size, at)
    header.writeUInt8(size >= 256 ? 0 : size, at + 1)
    header.writeUInt16LE(1, at + 4) // colour planes
    header.writeUInt16LE(32, at + 6) // bits per pixel
    header.writeUInt32LE(data.length, at + 8)
    header.writeUInt32LE(offset, at + 12)
    offset += data.length
  })
  return Buffer.concat([header, ...images.map((i) => i.data)])
}

writeFileSync(path.join(out, 'icon.svg'), svg)
writeFileSync(
  path.join(out, 'favicon.ico'),
  ico([
    { size: 32, data: await png(32) },
    { size: 16, data: await png(16) },
  ]),
)
// Apple's home-screen icon has no transparency: the page background behind it.
writeFileSync(path.join(out, 'apple-touch-icon.png'), await png(180, '#f8fafc'))
writeFileSync(path.join(out, 'icon-192.png'), await png(192))
writeFileSync(path.join(out, 'icon-512.png'), await png(512))
console.log('icons written to public/')
