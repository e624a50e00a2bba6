import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toProxiedImageUrl } from '@pv/core';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { useServerConfig } from '../../state/queries/config.ts';
import { useNovel, useNovelText } from '../../state/queries/novel.ts';
import { ApiError } from '../../state/api/errors.ts';
import { useRecordHistory } from '../../state/db/history.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { NovelDetail } from './NovelDetail.tsx';
import { NovelReader } from './NovelReader.tsx';
import { RelatedNovels } from './RelatedNovels.tsx';
import styles from './NovelScreen.module.css';

/** The novel page (spec 001 §2.10): detail, the text in the reader, related novels. */
export default function NovelScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { imageProxy } = useServerConfig();
  const novel = useNovel(id);
  const text = useNovelText(id);
  useRecordHistory(
    'novels',
    useMemo(() => novel.data && { ...novel.data }, [novel.data]),
  );
  // A translation starting shrinks the caption again (spec 001 §4).
  const [translations, setTranslations] = useState(0);
  useDocumentTitle(novel.data && `${novel.data.title} - ${novel.data.author.name}`);
  const proxy = (url: string) => toProxiedImageUrl(url, imageProxy ?? undefined);

  if (novel.error || !Number.isSafeInteger(id) || id <= 0) {
    const key = novel.error instanceof ApiError ? novel.error.msg : 'novel.not_found';
    return (
      <>
        <TopBar title={t('title.novel')} />
        <p className={styles.message} data-testid="novel-error">
          {t(key === 'tip.unknown_err' || key === 'tip.no_such_page' ? 'novel.not_found' : key)}
        </p>
      </>
    );
  }
  if (!novel.data) {
    return (
      <>
        <TopBar title={t('title.novel')} />
        <div className={styles.skeleton} data-testid="novel-loading" />
      </>
    );
  }
  return (
    <>
      <TopBar title={novel.data.title} />
      <div className={styles.layout}>
        <NovelDetail novel={novel.data} text={text.data} proxy={proxy} captionKey={translations} />
        {text.data ? (
          <NovelReader
            novel={novel.data}
            text={text.data}
            proxy={proxy}
            onTranslate={() => setTranslations((n) => n + 1)}
          />
        ) : text.error ? (
          <button
            type="button"
            className={styles.retry}
            onClick={() => void text.refetch()}
            data-testid="novel-text-error"
          >
            {t('common.network_error')}
          </button>
        ) : (
          <div className={styles.skeleton} data-testid="novel-text-loading" />
        )}
        <RelatedNovels id={id} imageProxy={imageProxy ?? undefined} />
      </div>
    </>
  );
}
