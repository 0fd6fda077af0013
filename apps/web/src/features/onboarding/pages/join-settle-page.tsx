export { UpcomingPage as SettleStudioPage, UpcomingPage as SettleClientPage } from '../../system/pages/upcoming-page';
