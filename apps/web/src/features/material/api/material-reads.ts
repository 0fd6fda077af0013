import { api } from '@nearcast/contract';

/**
 * What a change to a material (added, renamed, made inactive, marked, deleted) can alter: the
 * lists and counts of the library, the storage used, and the one material's detail.
 */
export const materialReads = [api.footage.list, api.footage.count, api.footage.get, api.footage.storage];
