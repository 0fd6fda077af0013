export { UpcomingPage as ContactsPage } from '../../system/pages/upcoming-page';
