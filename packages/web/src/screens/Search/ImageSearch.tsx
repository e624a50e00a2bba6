import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  HTTP_TIMEOUT_MS,
  shownImageSearchResults,
  toProxiedImageUrl,
  type ImageSearchResult,
  type ShownImageSearchResult,
} from '@pv/core';
import { ConfirmDialog } from '../../components/Dialog/ConfirmDialog.tsx';
import { useServerConfig } from '../../state/queries/config.ts';
import { showToast } from '../../state/ui/toast.ts';
import styles from './Search.module.css';

/**
 * Search by image (spec 000 §2, §5, §8): pick an image file (anything else toasts
 * search.img.placeholder); the control is disabled while it uploads; the result shows the
 * picked image and the matches above 50 %, most similar first, dimmed below 80 %; close resets.
 * A failure opens a dialog.
 */
export function ImageSearch() {
  const { t } = useTranslation();
  const imageProxy = useServerConfig().imageProxy ?? undefined;
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [results, setResults] = useState<ShownImageSearchResult[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const reset = () => {
    setResults(null);
    setPreview(null);
    if (input.current) input.current.value = '';
  };

  const onPick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      showToast('search.img.placeholder', { error: true });
      e.target.value = '';
      return;
    }
    setUploading(true);
    setResults(null);
    setPreview(URL.createObjectURL(file));
    const form = new FormData();
    form.append('file', file);
    try {
      const res = await fetch('/api/image-search', {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
      const body = (await res.json()) as { results?: ImageSearchResult[]; error?: string };
      if (!res.ok || !Array.isArray(body.results)) throw new Error(body.error ?? 'failed');
      setResults(shownImageSearchResults(body.results));
    } catch {
      setFailed(true);
      setPreview(null);
    } finally {
      setUploading(false);
    }
  };

  return (
    <section className={styles.imageSearch} aria-label={t('search.img.title')}>
      <label className={styles.imagePick} aria-disabled={uploading}>
        <input
          ref={input}
          type="file"
          accept="image/*"
          disabled={uploading}
          onChange={(e) => void onPick(e)}
          data-testid="image-search-input"
        />
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 5h3l2-2h6l2 2h3v14H4zm8 3a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm0 2a3 3 0 1 1 0 6 3 3 0 0 1 0-6z" />
        </svg>
        {uploading ? t('search.img.uploading') : t('search.img.title')}
      </label>
      {results && (
        <div className={styles.imageResults} data-testid="image-search-results">
          <header>
            {preview && <img src={preview} alt="" className={styles.imageQuery} />}
            <button
              type="button"
              onClick={reset}
              aria-label={t('search.img.close')}
              data-testid="image-search-close"
            >
              ×
            </button>
          </header>
          {results.length === 0 ? (
            <p className={styles.muted}>{t('common.no_data')}</p>
          ) : (
            <ul>
              {results.map((r) => (
                <li
                  key={r.data.id}
                  data-testid="image-search-result"
                  data-dimmed={r.dimmed || undefined}
                  className={r.dimmed ? styles.dimmed : undefined}
                >
                  <Link to={`/artworks/${r.data.id}`}>
                    <img
                      src={toProxiedImageUrl(r.header.thumbnail, imageProxy)}
                      alt=""
                      loading="lazy"
                    />
                    <span>
                      <strong>{r.data.title}</strong>
                      <small>{r.data.member_name}</small>
                      <small data-testid="image-search-similarity">
                        {t('search.img.similarity', { n: r.header.similarity })}
                      </small>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <ConfirmDialog
        open={failed}
        alert
        title={t('tip.title')}
        message={`${t('search.img.err')}\n${t('search.img.err_hint')}`}
        onConfirm={() => setFailed(false)}
        onCancel={() => setFailed(false)}
      />
    </section>
  );
}
