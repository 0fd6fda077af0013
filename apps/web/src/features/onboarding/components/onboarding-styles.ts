// Onboarding's sheets in cascade order (the later may override the earlier), kept in one place so
// the pages and the settle step that share them cannot load them in different orders.
import './onboarding-pitch.css';
import './onboarding-forms.css';
