import { api, type Endpoint } from '@nearcast/contract';

/**
 * Every read that shows a content item: a change to one refreshes the list, the editor, the
 * public reads and the learning center (lessons are content items) wherever they are on screen.
 */
export const CONTENT_READS: readonly Endpoint[] = [
  api.content.list,
  api.content.get,
  api.content.facets,
  api.content.publicList,
  api.content.publicGet,
  api.live.list,
  api.live.get,
  api.live.detail,
  api.learn.course,
  api.learn.courseGet,
  api.learn.lesson,
  api.learn.courseList,
];
