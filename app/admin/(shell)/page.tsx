// /admin shows the dashboard.
export { default, metadata } from './dashboard/page'
