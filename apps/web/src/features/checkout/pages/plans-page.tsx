export { UpcomingPage as PlansPage } from '../../system/pages/upcoming-page';
