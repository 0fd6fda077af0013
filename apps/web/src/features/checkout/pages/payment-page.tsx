export { UpcomingPage as PaymentPage } from '../../system/pages/upcoming-page';
