export { UpcomingPage as PricingPage } from '../../system/pages/upcoming-page';
