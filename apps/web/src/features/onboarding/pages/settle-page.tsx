export { UpcomingPage as SettlePage } from '../../system/pages/upcoming-page';
