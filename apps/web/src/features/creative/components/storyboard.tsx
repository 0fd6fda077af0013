import { ArrowLeftOutlined, ArrowRightOutlined, CloseOutlined, FileImageOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { RENDER_FOOTAGE_MAX, type Footage } from '@nearcast/contract';
import { Button, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { InlineLoadFailed } from '../../../components/list-state';
import { useMaterials } from '../api/merchant-materials';
import './storyboard.css';

/**
 * The clips and images a video is cut from, in the order they play: picked from the merchant's
 * active videos and images and moved with buttons (reachable from the keyboard, unlike a drag).
 * Left empty, the server chooses from the library itself.
 */
export function Storyboard({ merchantId, value, onChange, listable }: { merchantId: number; value: number[]; onChange: (ids: number[]) => void; listable: boolean }) {
  const { t } = useTranslation('creative');
  const videos = useMaterials(merchantId, 'video', listable);
  const images = useMaterials(merchantId, 'image', listable);
  const library = [...(videos.data?.list ?? []), ...(images.data?.list ?? [])];
  const byId = new Map(library.map((footage) => [footage.id, footage]));
  const full = value.length >= RENDER_FOOTAGE_MAX;
  const move = (from: number, to: number) => {
    const next = [...value];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };

  let picker;
  if (!listable) picker = <p className="cr-muted">{t('storyboard.not_listed')}</p>;
  else if (videos.isError || images.isError)
    picker = (
      <InlineLoadFailed
        onRetry={() => {
          void videos.refetch();
          void images.refetch();
        }}
        retryTestId="storyboard-retry"
      />
    );
  else
    picker = (
      <Select<number>
        value={null}
        onChange={(id) => id && onChange([...value, id])}
        placeholder={full ? t('storyboard.full', { max: RENDER_FOOTAGE_MAX }) : t('storyboard.add')}
        disabled={full}
        loading={videos.isFetching || images.isFetching}
        options={library
          .filter((footage) => !value.includes(footage.id))
          .map((footage) => ({ value: footage.id, name: footage.name, label: <LibraryOption footage={footage} /> }))}
        optionLabelProp="name"
        showSearch={{ optionFilterProp: 'name' }}
        notFoundContent={videos.isFetching || images.isFetching ? t('material.loading') : t('storyboard.library_empty')}
        aria-label={t('storyboard.add')}
        className="cr-storyboard__add"
        data-testid="storyboard-add"
      />
    );

  return (
    <section className="cr-storyboard" aria-labelledby="cr-storyboard-title" data-testid="storyboard">
      <div className="cr-storyboard__head">
        <h3 id="cr-storyboard-title" className="cr-subtitle">
          {t('storyboard.title')}
        </h3>
        <span className="cr-muted">{value.length === 0 ? t('storyboard.auto') : t('storyboard.count', { count: value.length, max: RENDER_FOOTAGE_MAX })}</span>
      </div>
      {value.length > 0 &&
        (listable && (videos.isPending || images.isPending) ? (
          <Skeleton.Node active className="cr-storyboard__loading" />
        ) : (
          <ol className="cr-storyboard__list">
            {value.map((id, index) => {
              const footage = byId.get(id);
              const name = footage?.name ?? t('material.unlisted', { id });
              return (
                <li key={id} className="cr-storyboard__item" data-testid={`storyboard-item-${id}`}>
                  <span className="cr-storyboard__order" aria-hidden="true">
                    {index + 1}
                  </span>
                  <Thumb footage={footage} />
                  <span className="cr-storyboard__name" title={name}>
                    {name}
                  </span>
                  <span className="cr-storyboard__actions">
                    <Button size="small" type="text" icon={<ArrowLeftOutlined />} disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={t('storyboard.earlier', { name })} title={t('storyboard.earlier', { name })} />
                    <Button size="small" type="text" icon={<ArrowRightOutlined />} disabled={index === value.length - 1} onClick={() => move(index, index + 1)} aria-label={t('storyboard.later', { name })} title={t('storyboard.later', { name })} />
                    <Button size="small" type="text" icon={<CloseOutlined />} onClick={() => onChange(value.filter((item) => item !== id))} aria-label={t('storyboard.remove', { name })} title={t('storyboard.remove', { name })} />
                  </span>
                </li>
              );
            })}
          </ol>
        ))}
      {picker}
    </section>
  );
}

function Thumb({ footage }: { footage: Footage | undefined }) {
  if (footage?.thumbnail_url) return <img className="cr-storyboard__thumb" src={footage.thumbnail_url} alt="" loading="lazy" />;
  return <span className="cr-storyboard__thumb cr-storyboard__thumb--none" aria-hidden="true">{footage?.type === 'image' ? <FileImageOutlined /> : <VideoCameraOutlined />}</span>;
}

function LibraryOption({ footage }: { footage: Footage }) {
  const { t } = useTranslation('creative');
  return (
    <span className="cr-material-option">
      <Thumb footage={footage} />
      <span className="cr-material-option__name">{footage.name}</span>
      <span className="cr-muted">{t(`storyboard.type_${footage.type}`)}</span>
    </span>
  );
}
