export { UpcomingPage as PlanPage } from '../../system/pages/upcoming-page';
