import { CONTENT_TYPES, isLanguage, isOneOf } from '@nearcast/contract';
import { useSearchParams } from 'react-router';
import { ContentEditor } from '../components/content-editor';
import type { NewItem } from '../lib/content-form';
import { ContentList } from '../components/content-list';
import './content.css';

const positiveId = (value: string | null): number | null => {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * /content (spec §2: super, admin): the list, or the editor of one item. Which one is in the
 * address (`?edit=12`, `?new=live`), so an editor can be reloaded, bookmarked and left with
 * the browser's back button.
 */
export function ContentPage() {
  const [params, setParams] = useSearchParams();
  const editId = positiveId(params.get('edit'));
  const newType = params.get('new');
  const language = params.get('language');
  const draft: NewItem | null =
    isOneOf(CONTENT_TYPES, newType)
      ? {
          type: newType,
          language: isLanguage(language) ? language : undefined,
          translationOf: positiveId(params.get('translation_of')),
        }
      : null;

  const openItem = (id: number) => setParams({ edit: String(id) }, { replace: !!draft });
  const create = (item: NewItem) => {
    const next: Record<string, string> = { new: item.type };
    if (item.language) next.language = item.language;
    if (item.translationOf) next.translation_of = String(item.translationOf);
    setParams(next);
  };
  const back = () => setParams({});

  if (editId !== null || draft) {
    return <ContentEditor id={editId} draft={editId === null ? draft : null} onBack={back} onOpen={openItem} onCreate={create} />;
  }
  return <ContentList onOpen={openItem} onCreate={(type) => create({ type })} />;
}
