export { Uploader } from './uploader';
// The pieces the uploader is made of, for a feature's uploader with its own transport (materials).
export { DropZone } from './drop-zone';
export { UploadList } from './upload-list';
export { useRefusalText, useUploadQueue, type Sending } from './use-upload-queue';
// For controls that upload one file their own way (an image button in a text editor).
export { acceptOf, canRetry, formatBytes, limitsOf, refusalOf } from './upload-queue';
export { isCancel, uploadTemp } from './upload-request';
