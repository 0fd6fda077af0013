import { api } from '@nearcast/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey, invalidateEndpoints } from '../../../lib/query-keys';
import { PROGRESS_READS } from './learning-reads';

/**
 * POST /v1/learn/lesson `{course_id, lesson_id}`: the lesson's content item with its body or
 * video, and its neighbours. Opening a lesson marks it started on the server, so the course's
 * progress is refreshed once it has arrived.
 */
export function useLesson(courseId: number, lessonId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: endpointKey(api.learn.lesson, { course_id: courseId, lesson_id: lessonId }),
    queryFn: async ({ signal }) => {
      const lesson = await call(api.learn.lesson, { course_id: courseId, lesson_id: lessonId }, { toast: false, signal });
      void invalidateEndpoints(queryClient, PROGRESS_READS);
      return lesson;
    },
    // Signed video links last about an hour; a lesson reopened later gets a fresh one.
    staleTime: 10 * 60_000,
  });
}
