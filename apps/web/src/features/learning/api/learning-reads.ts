import { api, type Endpoint } from '@nearcast/contract';

/** The reads that show a learner's progress: a saved step refreshes every one on screen. */
export const PROGRESS_READS: readonly Endpoint[] = [api.learn.course, api.learn.courseGet];
