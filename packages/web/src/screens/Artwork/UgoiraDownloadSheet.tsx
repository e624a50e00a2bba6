import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Artwork } from '@pv/core';
import { withChunkTimeout } from '../../lib/chunk-error.ts';
import { formatFileName } from '../../lib/file-name.ts';
import { authorFolder, downloadFolder, saveFile } from '../../lib/save-file.ts';
import { FORMAT_EXT, UGOIRA_FORMATS, type UgoiraFormat } from '../../lib/ugoira-export/formats.ts';
import { Sheet } from '../../components/Sheet/Sheet.tsx';
import { decodedUgoira } from '../../state/queries/ugoira.ts';
import { useSettings } from '../../state/settings/settings.ts';
import { showToast } from '../../state/ui/toast.ts';
import styles from './UgoiraDownloadSheet.module.css';

interface Job {
  format: UgoiraFormat;
  progress: number;
  controller: AbortController;
}

/**
 * The ugoira download sheet (spec 001 §2.9, §7.4): ZIP, GIF, WebM, APNG, MP4 (Browser) and MP4
 * (Server), the default format (ugoiraDefDLFormat) marked and focused. A format runs with a
 * progress bar and a cancel control; all but MP4 (Server) need the frames the player loaded,
 * and starting before that toasts the ugoira tip. MP4 (Browser) and WebM fall back to the
 * server's MP4 where WebCodecs cannot encode; errors are toasted.
 */
export function UgoiraDownloadSheet({
  artwork,
  onClose,
}: {
  artwork: Artwork;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { app } = useSettings();
  const ref = useRef<HTMLDialogElement>(null);
  const [job, setJob] = useState<Job | null>(null);
  const jobRef = useRef<Job | null>(null);
  useEffect(() => {
    // The default format is where the keyboard starts (the sheet, a child, is open by now).
    ref.current?.querySelector<HTMLButtonElement>('[data-default]')?.focus();
    // Leaving the page (or closing the sheet) stops an export in progress.
    return () => jobRef.current?.controller.abort();
  }, []);

  const update = (next: Job | null) => {
    jobRef.current = next;
    setJob(next);
  };

  const run = async (format: UgoiraFormat, controller: AbortController, fellBack = false) => {
    const current: Job = { format, progress: 0, controller };
    update(current);
    const onProgress = (progress: number) => {
      if (jobRef.current?.controller === controller) update({ ...current, progress });
    };
    const wantsFolder = app.preferDownloadByFsa;
    const dir = wantsFolder ? await downloadFolder() : null;
    // The encoders (mediabunny, the worker pool) load with the first export.
    const encoders = withChunkTimeout(() => import('../../lib/ugoira-export/index.ts'));
    try {
      const { exportUgoira } = await encoders;
      const blob = await exportUgoira(format, artwork.id, decodedUgoira.get(artwork.id), {
        signal: controller.signal,
        onProgress,
      });
      if (controller.signal.aborted) return;
      const name = formatFileName(app.dlFileNameTpl, {
        artwork,
        index: 0,
        ext: FORMAT_EXT[format],
      });
      await saveFile(
        blob,
        name,
        {
          folder: wantsFolder,
          subDir: app.dlSubDirByAuthor ? authorFolder(artwork.author) : undefined,
        },
        dir,
      );
      update(null);
      showToast('ugoira.dl_done');
    } catch (error) {
      if (controller.signal.aborted) return;
      const noWebCodecs = (await encoders.catch(() => null))?.NoWebCodecs;
      if (noWebCodecs && error instanceof noWebCodecs && !fellBack) {
        showToast('ugoira.dl_fallback');
        return run('MP4(Server)', controller, true);
      }
      update(null);
      showToast('ugoira.dl_fail', { error: true });
    }
  };

  const start = (format: UgoiraFormat) => {
    if (job) return;
    if (format !== 'MP4(Server)' && !decodedUgoira.has(artwork.id)) {
      showToast('ugoira.tip');
      return;
    }
    void run(format, new AbortController());
  };

  const cancel = () => {
    job?.controller.abort();
    update(null);
  };

  const percent = job ? Math.round(job.progress * 100) : 0;
  return (
    <Sheet
      titleId="ugoira-dl-title"
      title={t('ugoira.dl_title')}
      onClose={onClose}
      testId="ugoira-dl-sheet"
      className={styles.sheet}
      dialogRef={ref}
    >
      <ul className={styles.formats}>
        {UGOIRA_FORMATS.map((format) => {
          const isDefault = format === app.ugoiraDefDLFormat;
          return (
            <li key={format}>
              <button
                type="button"
                className={styles.format}
                disabled={job !== null}
                aria-pressed={job?.format === format}
                data-default={isDefault || undefined}
                onClick={() => start(format)}
                data-testid={`ugoira-format-${format}`}
              >
                <span>{t(`ugoira.format_${format.replace(/\W/g, '')}`)}</span>
                {isDefault && <small className={styles.badge}>{t('ugoira.default')}</small>}
              </button>
            </li>
          );
        })}
      </ul>
      {job && (
        <div className={styles.job} data-testid="ugoira-dl-job">
          <p className={styles.status} role="status">
            {t('ugoira.dl_running', {
              format: t(`ugoira.format_${job.format.replace(/\W/g, '')}`),
              percent,
            })}
          </p>
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={t('ugoira.dl_progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            data-testid="ugoira-dl-progress"
          >
            <span style={{ width: `${percent}%` }} />
          </div>
          <button
            type="button"
            className={styles.cancel}
            onClick={cancel}
            data-testid="ugoira-dl-cancel"
          >
            {t('ugoira.dl_cancel')}
          </button>
        </div>
      )}
    </Sheet>
  );
}
