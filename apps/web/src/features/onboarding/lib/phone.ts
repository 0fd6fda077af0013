// One phone format for every page: the shared formatter in lib.
export { formatUsPhone } from '../../../lib/phone';
