// The chart.js pieces the statistics charts use, registered once (the rest of chart.js stays out of the bundle).
import {
  ArcElement,
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js'

Chart.register(ArcElement, BarElement, CategoryScale, Filler, Legend, LinearScale, LineElement, PointElement, Tooltip)

// Labels and legends in the page's text colour, grid lines a grey that shows on both themes (the theme the page
// had when the charts loaded; canvas pixels do not follow CSS).
if (typeof document !== 'undefined') {
  const page = getComputedStyle(document.documentElement)
  Chart.defaults.color = getComputedStyle(document.body).color
  Chart.defaults.borderColor = 'rgba(148, 163, 184, 0.3)'
  // Doughnut slices are separated by the card's colour.
  Chart.defaults.elements.arc.borderColor = page.getPropertyValue('--color-board-card').trim() || '#fff'
}

export const PALETTE = [
  '#2563eb',
  '#16a34a',
  '#dc2626',
  '#d97706',
  '#7c3aed',
  '#0891b2',
  '#db2777',
  '#65a30d',
  '#4b5563',
  '#ea580c',
]

/** A value axis of counts: it starts at zero and shows whole numbers only. */
export const COUNT_AXIS = { beginAtZero: true, ticks: { precision: 0 } }

/** A line series of the activity charts in one palette colour, its area tinted (20% opacity) and filled when `fill`. */
export function lineSeries(label: string, data: number[], colour: string, fill = false) {
  return {
    label,
    data,
    borderColor: colour,
    backgroundColor: `${colour}33`,
    ...(fill ? { fill: true } : {}),
    tension: 0.3,
  }
}
