export { Uploader } from './uploader';
// For controls that upload one file their own way (an image button in a text editor).
export { acceptOf, formatBytes, limitsOf, refusalOf } from './upload-queue';
export { isCancel, uploadTemp } from './upload-request';
