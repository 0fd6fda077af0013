import { api } from '@nearcast/contract';

/** What a change to a post or a connection can alter: its lists, its detail, the numbers and the accounts. */
export const videoReads = [api.video.list, api.video.get, api.video.stats, api.video.mine, api.video.connections];
