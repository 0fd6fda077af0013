export { Uploader } from './uploader';
