import type { ReactNode } from 'react';

/**
 * A status page body (403, 404) in the product's own look: antd's Result illustrations are
 * drawn for light backgrounds and glare on the dark theme.
 */
export function StatusResult({ code, title, body, actions }: { code: string; title: string; body: string; actions: ReactNode }) {
  return (
    <section className="nc-status" data-testid={`status-${code}`}>
      <div className="nc-status__code" aria-hidden="true">
        {code}
      </div>
      <h1 className="nc-status__title" data-testid="page-title">
        {title}
      </h1>
      <p className="nc-status__body">{body}</p>
      <div className="nc-status__actions">{actions}</div>
    </section>
  );
}
