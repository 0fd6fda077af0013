import { api, NOTIFICATION_STREAM_PATH, notificationStreamItem, RENDER_STREAM_EVENT, renderProgress, unreadCounts } from '@nearcast/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_BASE, authHeaders } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { publishRenderEvent, setRenderStreamLive } from '../../../lib/render-events';
import { unreadCountsKey } from '../api/unread-counts';
import type { StreamMessage, StreamStatus } from './event-stream';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Holds the live notification stream open while a signed-in layout is on screen: `unread`
 * events set the bell's counts, `notification` events also refresh the center's lists, `render`
 * events (a video's progress) go to whichever screen shows renders (lib/render-events). The
 * stream is reopened when the session or the language changes (items come rendered in the
 * language the stream was opened with); closing it is a cancel, never an error.
 */
export function useNotificationStream(token: string | null): StreamStatus {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [status, setStatus] = useState<StreamStatus>('stopped');

  useEffect(() => {
    if (!token) return undefined;
    const controller = new AbortController();
    const onMessage = (message: StreamMessage) => {
      const data = parseJson(message.data);
      if (message.event === 'unread') {
        const counts = unreadCounts.safeParse(data);
        if (counts.success) queryClient.setQueryData(unreadCountsKey(), counts.data);
        return;
      }
      if (message.event === 'notification') {
        const parsed = notificationStreamItem.safeParse(data);
        if (parsed.success) queryClient.setQueryData(unreadCountsKey(), parsed.data.unread);
        void invalidateEndpoints(queryClient, [api.notification.list, api.notification.announcementList]);
        return;
      }
      if (message.event === RENDER_STREAM_EVENT) {
        const parsed = renderProgress.safeParse(data);
        if (parsed.success) publishRenderEvent(parsed.data);
      }
    };
    // The reader arrives after the first paint, outside the signed-in first load: the count
    // the bell shows first comes from the ordinary unread query.
    void import('./event-stream').then(({ runEventStream }) => {
      if (controller.signal.aborted) return;
      void runEventStream(
        {
          url: `${API_BASE}${NOTIFICATION_STREAM_PATH}`,
          headers: authHeaders,
          onMessage,
          // Whatever was missed while the stream was down is in the lists: read them again.
          onOpen: () => void invalidateEndpoints(queryClient, [api.notification.list, api.creative.renderList, api.creative.renderGet]),
          onStatus: (next) => {
            setStatus(next);
            setRenderStreamLive(next === 'open');
          },
        },
        controller.signal,
      );
    }, () => setStatus('stopped'));
    return () => {
      controller.abort();
      setRenderStreamLive(false);
    };
  }, [token, language, queryClient]);

  return status;
}
