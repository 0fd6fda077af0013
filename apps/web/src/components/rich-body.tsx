import './rich-body.css';

/**
 * An item's body as the server stored it. The server sanitizes every body with an allow-list
 * before storing it (no script, no event handlers, no `javascript:` links, only YouTube and
 * Vimeo frames), and this renders only that stored copy — never text from the browser.
 */
export function RichBody({ html, testId = 'rich-body' }: { html: string; testId?: string }) {
  return <div className="nc-rich" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
