import { Suspense, memo, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { contentGate, isCensored, isLimitPlaceholder, type Artwork } from '@pv/core';
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { ArtworkViewer } from '../../components/ArtworkCard/ArtworkViewer.tsx';
import { ImageViewer } from '../../components/ImageViewer/ImageViewer.tsx';
import { SaveOfflineButton } from '../../components/SaveOffline/SaveOfflineButton.tsx';
import { downloadArtwork } from '../../lib/download.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { useServerConfig } from '../../state/queries/config.ts';
import { useIllust } from '../../state/queries/illust.ts';
import { ApiError } from '../../state/api/errors.ts';
import { useRecordHistory } from '../../state/db/history.ts';
import { planArtwork } from '../../state/db/saved.ts';
import { useSettings } from '../../state/settings/settings.ts';
import { showToast } from '../../state/ui/toast.ts';
import { ArtworkActions } from './ArtworkActions.tsx';
import { ArtworkMeta } from './ArtworkMeta.tsx';
import { ArtworkPictures } from './ArtworkPictures.tsx';
import { AuthorCard, AuthorWorks } from './AuthorSection.tsx';
import { Comments } from './Comments.tsx';
import { RelatedWorks } from './RelatedWorks.tsx';
import { DeletedWork } from './SpecialWork.tsx';
import { UgoiraDownloadSheet } from './UgoiraDownloadSheet.tsx';
import { useListNavigation } from './useListNavigation.ts';
import styles from './ArtworkScreen.module.css';

/**
 * `/artworks/{id}` (aliases `/illust/{id}`, `/i/{id}`), spec 001 §2.9: the pictures, the
 * metadata, the actions, the author with their other works, and the related works.
 */
export default function ArtworkScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { imageProxy: proxy } = useServerConfig();
  const imageProxy = proxy ?? undefined;
  const { app, content, blocks } = useSettings();
  const { data: artwork, error, isPending } = useIllust(id);
  const [viewer, setViewer] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const [ugoiraSheet, setUgoiraSheet] = useState(false);
  useRecordHistory('illusts', artwork);
  useDocumentTitle(artwork ? `${artwork.title} - ${artwork.author.name}` : null);
  const { swipe } = useListNavigation(id, app.isEnableSwipe && viewer === null);
  // a censored work cannot be previewed (spec 001 §2.9, §8): the content-hidden toast, once
  const censored = !!artwork && isCensored(artwork, blocks);
  useEffect(() => {
    if (censored) showToast('tip.content_hidden');
  }, [censored, id]);

  if (error instanceof ApiError && error.msg === 'tip.no_such_page') {
    return <DeletedWork id={id} imageProxy={imageProxy} />;
  }
  if (error || !Number.isSafeInteger(id) || id <= 0) {
    const key = error instanceof ApiError ? error.msg : 'artwork.not_found';
    return (
      <>
        <TopBar title={t('artwork.title')} />
        <p className={styles.message} data-testid="artwork-error">
          {t(key === 'tip.unknown_err' ? 'artwork.not_found' : key)}
        </p>
      </>
    );
  }
  if (isPending || !artwork) {
    return (
      <>
        <TopBar title={t('artwork.title')} />
        {/* the page's own geometry, so that the work replaces the skeleton without a jump */}
        <div className={styles.page}>
          <div className={styles.layout}>
            <div className={styles.skeleton} data-testid="artwork-loading" />
          </div>
        </div>
      </>
    );
  }
  const gate = contentGate(artwork, content);
  if (gate) {
    return (
      <>
        <TopBar title={t('artwork.title')} />
        <div className={styles.message} data-testid="artwork-gate">
          <p>{t(`artwork.gate_${gate}`)}</p>
          <Link to="/setting/contents_display">{t('artwork.gate_settings')}</Link>
        </div>
      </>
    );
  }
  const open = (p: number) => {
    setPage(p);
    setViewer(p);
  };
  const downloadOptions = {
    template: app.dlFileNameTpl,
    imageProxy,
    folder: app.preferDownloadByFsa,
    subDirByAuthor: app.dlSubDirByAuthor,
  };
  const download = (p: number | 'all') => {
    // An ugoira downloads through its sheet (spec 001 §2.9).
    if (artwork.type === 'ugoira') return setUgoiraSheet(true);
    showToast('card.downloading');
    void downloadArtwork(artwork, { ...downloadOptions, pages: p === 'all' ? undefined : [p] });
  };
  return (
    <>
      <TopBar title={artwork.title} />
      <div className={styles.page}>
        <div className={styles.layout} {...swipe}>
          {censored ? (
            <div className={styles.hidden} data-testid="artwork-censored">
              <p>{t('artwork.censored')}</p>
            </div>
          ) : (
            <ArtworkPictures artwork={artwork} imageProxy={imageProxy} onOpen={open} />
          )}
          <aside className={styles.side}>
            {!artwork.visible && (
              <p className={styles.restricted} data-testid="artwork-restricted">
                {t(
                  isLimitPlaceholder(artwork.images[0]?.l)
                    ? 'artwork.restricted_none'
                    : 'artwork.restricted_web',
                )}
              </p>
            )}
            <ArtworkMeta artwork={artwork} />
            {artwork.visible && (
              <ArtworkActions artwork={artwork} page={page} onDownload={download} />
            )}
            {artwork.visible && (
              <SaveOfflineButton
                kind="illust"
                id={artwork.id}
                plan={(base) => planArtwork(artwork, app.imgReso === 'Large', base)}
              />
            )}
            <AuthorCard artwork={artwork} imageProxy={imageProxy} />
            <CommentsPart artwork={artwork} imageProxy={imageProxy} />
          </aside>
        </div>
        <div className={styles.below}>
          <BelowPart artwork={artwork} imageProxy={imageProxy} />
        </div>
      </div>
      {ugoiraSheet && (
        <UgoiraDownloadSheet artwork={artwork} onClose={() => setUgoiraSheet(false)} />
      )}
      {viewer !== null &&
        (app.isUseFancybox ? (
          <ArtworkViewer
            artwork={artwork}
            imageProxy={imageProxy}
            lightbox
            onClose={() => setViewer(null)}
          />
        ) : (
          <ImageViewer
            artwork={artwork}
            imageProxy={imageProxy}
            start={viewer}
            onPage={setPage}
            onDownload={download}
            onClose={() => setViewer(null)}
          />
        ))}
    </>
  );
}

interface PartProps {
  artwork: Artwork;
  imageProxy: string | undefined;
}

/*
 * The parts of the page under its first screen, each in a Suspense boundary of its own: on a page
 * the server rendered, React hydrates such a boundary after the rest, when it has time (selective
 * hydration), so the app takes the page over without waiting for them, and a tap on one hydrates
 * it at once. Memoised: a boundary still to hydrate that is rendered with new props (any render of
 * this screen, such as the one after hydration) is hydrated at once, in that render.
 */
const CommentsPart = memo(function CommentsPart({ artwork, imageProxy }: PartProps) {
  return (
    <Suspense>
      <Comments artwork={artwork} imageProxy={imageProxy} />
    </Suspense>
  );
});

const BelowPart = memo(function BelowPart({ artwork, imageProxy }: PartProps) {
  return (
    <>
      <Suspense>
        <AuthorWorks artwork={artwork} imageProxy={imageProxy} />
      </Suspense>
      <Suspense>
        <RelatedWorks id={artwork.id} imageProxy={imageProxy} />
      </Suspense>
    </>
  );
});
