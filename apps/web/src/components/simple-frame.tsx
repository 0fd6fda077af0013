import type { ReactNode } from 'react';
import { Brand } from './brand';
import { LanguageSwitch } from './language-switch';

/**
 * The branded top bar and centred column of the common layout (spec §2), also used by the
 * stand-alone public pages (privacy, not found) so they look like one product.
 */
export function SimpleFrame({ children, actions, wide = false }: { children: ReactNode; actions?: ReactNode; wide?: boolean }) {
  return (
    <div className="nc-frame">
      <header className="nc-frame__bar">
        <Brand />
        <div className="nc-frame__actions">
          <LanguageSwitch />
          {actions}
        </div>
      </header>
      <main className={wide ? 'nc-frame__content nc-frame__content--wide' : 'nc-frame__content'}>{children}</main>
    </div>
  );
}
