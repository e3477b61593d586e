// /admin shows the dashboard (staff spec 2).
export { default, metadata } from './dashboard/page'
