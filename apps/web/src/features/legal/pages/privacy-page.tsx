import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { SimpleFrame } from '../../../components/simple-frame';
import { formatDate, DATE_FORMAT } from '../../../lib/format-date';
import './privacy.css';

const SECTIONS = ['who', 'collect', 'why', 'sharing', 'cookies', 'retention', 'security', 'rights', 'children', 'changes', 'contact'] as const;

/** The date this policy's text last changed; update it with the catalogues. */
const POLICY_UPDATED = '2026-01-15';

const CONTACT = 'privacy@nearcast.example';

/** Renders a paragraph, turning the contact address into a mail link. */
function Paragraph({ text }: { text: string }) {
  const at = text.indexOf(CONTACT);
  if (at < 0) return <p>{text}</p>;
  return (
    <p>
      {text.slice(0, at)}
      <a href={`mailto:${CONTACT}`}>{CONTACT}</a>
      {text.slice(at + CONTACT.length)}
    </p>
  );
}

/** The privacy policy, in the reader's language (spec §1: cookie consent links here). */
export function PrivacyPage() {
  const { t } = useTranslation('privacy');
  const list = (key: string): string[] => {
    const value: unknown = t(key, { returnObjects: true, defaultValue: [] });
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  };

  return (
    <SimpleFrame wide>
      <div className="privacy">
        <PageHeader subtitle={t('updated', { date: formatDate(POLICY_UPDATED, DATE_FORMAT) })} />
        <div className="privacy__layout">
          <nav className="privacy__toc" aria-label={t('toc')}>
            <p>{t('toc')}</p>
            <ol>
              {SECTIONS.map((key) => (
                <li key={key}>
                  <a href={`#${key}`}>{t(`sections.${key}.title`)}</a>
                </li>
              ))}
            </ol>
          </nav>
          <article className="privacy__article" data-testid="privacy-policy">
            <p className="privacy__intro">{t('intro')}</p>
            {SECTIONS.map((key) => (
              <section key={key} id={key} className="privacy__section">
                <h2>{t(`sections.${key}.title`)}</h2>
                {list(`sections.${key}.body`).map((text) => (
                  <Paragraph key={text} text={text} />
                ))}
                {list(`sections.${key}.items`).length > 0 && (
                  <ul>
                    {list(`sections.${key}.items`).map((text) => (
                      <li key={text}>{text}</li>
                    ))}
                  </ul>
                )}
                {list(`sections.${key}.after`).map((text) => (
                  <Paragraph key={text} text={text} />
                ))}
              </section>
            ))}
          </article>
        </div>
      </div>
    </SimpleFrame>
  );
}
