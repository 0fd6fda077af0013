import { api, type CourseDetail, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey, invalidateEndpoints } from '../../../lib/query-keys';

export type CourseListRequest = RequestOf<typeof api.learn.courseList>;
export type CourseAdd = RequestOf<typeof api.learn.courseAdd>;
export type CourseUpdate = RequestOf<typeof api.learn.courseUpdate>;

/** Every read a course change shows in: the staff list, the learners' lists and the course page. */
const COURSE_READS = [api.learn.courseList, api.learn.course, api.learn.courseGet, api.learn.lesson];

/** POST /v1/learn/course/list (super, admin): every course, in any status. The table shows failures. */
export function useCourseList(body: CourseListRequest) {
  return useQuery({
    queryKey: endpointKey(api.learn.courseList, body),
    queryFn: ({ signal }) => call(api.learn.courseList, body, { toast: false, signal }),
    placeholderData: keepPreviousData,
  });
}

export type CourseSave = { kind: 'add'; body: CourseAdd } | { kind: 'update'; body: CourseUpdate };

/**
 * POST /v1/learn/course/add or /update (super, admin): a course built from existing articles,
 * its lessons in the order given. Errors are shown by the form.
 */
export function saveCourse(request: CourseSave): Promise<CourseDetail> {
  return request.kind === 'add' ? call(api.learn.courseAdd, request.body, { toast: false }) : call(api.learn.courseUpdate, request.body, { toast: false });
}

export function useSaveCourse() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCourse, onSuccess: () => invalidateEndpoints(queryClient, COURSE_READS) });
}

/** POST /v1/learn/course/publish | unpublish | delete `{id}` (super, admin). Errors are the caller's. */
export function changeCourse({ id, action }: { id: number; action: 'publish' | 'unpublish' | 'delete' }) {
  const endpoint = action === 'publish' ? api.learn.coursePublish : action === 'unpublish' ? api.learn.courseUnpublish : api.learn.courseDelete;
  return call(endpoint, { id }, { toast: false });
}

export function useChangeCourse() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeCourse, onSuccess: () => invalidateEndpoints(queryClient, COURSE_READS) });
}
