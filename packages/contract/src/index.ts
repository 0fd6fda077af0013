export * from './codes.js';
export * from './constants.js';
export * from './roles.js';
export * from './routes.js';
export * from './fields.js';
export * from './account.js';
export * from './endpoints.js';
export * from './messages/index.js';
