import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  novelChapters,
  parseNovelMarkup,
  type Novel,
  type NovelPage,
  type NovelText,
} from '@pv/core';
import { useServerRender } from '../../lib/useServerRender.ts';
import { useSettings } from '../../state/settings/settings.ts';
import {
  translateTargetFor,
  useNovelTranslation,
  type TranslateRequest,
} from '../../state/queries/novel-translate.ts';
import { NovelTranslation } from './NovelTranslation.tsx';
import { TranslateControls, type TranslateChoice } from './TranslateControls.tsx';
import { NovelBody } from './NovelBody.tsx';
import { NovelContents } from './NovelContents.tsx';
import { ReaderSettings } from './ReaderSettings.tsx';
import { readerStyle } from './reader-style.ts';
import { useReadingPosition } from './useReadingPosition.ts';
import styles from './NovelReader.module.css';

export interface NovelReaderProps {
  novel: Novel;
  text: NovelText;
  proxy: (url: string) => string;
  /** Called when a translation starts (the screen shrinks the caption again). */
  onTranslate: () => void;
}

/** Paragraphs and headings of the text: what a translation answers line by line. */
const translatableBlocks = (pages: NovelPage[]) =>
  pages.reduce(
    (n, p) =>
      n +
      p.blocks.filter((b) => b.type === 'chapter' || (b.type === 'line' && b.content.length > 0))
        .length,
    0,
  );

/**
 * The text as the reader settings lay it out: horizontal, or vertical (`vertical-rl`, read by
 * scrolling sideways); size, line height, weight, font and colours from the settings, applied
 * as they change; the reading position kept per novel.
 */
export function NovelReader({ novel, text, proxy, onTranslate }: NovelReaderProps) {
  const { t, i18n } = useTranslation();
  const { reader } = useSettings();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const pages = useMemo(() => parseNovelMarkup(text.text), [text.text]);
  const chapters = useMemo(() => novelChapters(pages), [pages]);
  const vertical = reader.direction === 'v';
  // no style attribute in the server's markup (the CSP drops it): the stylesheet's defaults, then
  // the reader's own settings from the first render after hydration
  const textStyle = useServerRender() ? undefined : readerStyle(reader);
  useReadingPosition(novel.id, ref, vertical);
  const translation = useNovelTranslation();
  const [choice, setChoice] = useState({ to: translateTargetFor(i18n.language), nots: false });
  const [request, setRequest] = useState<TranslateRequest | null>(null);
  const translate = (c: TranslateChoice) => {
    const r = { id: novel.id, ...c };
    setRequest(r);
    onTranslate();
    translation.start(r);
  };
  const translating = translation.state.status !== 'idle';
  return (
    <section className={styles.reader} data-testid="novel-reader" aria-label={novel.title}>
      <div className={styles.toolbar}>
        <NovelContents pages={pages} chapters={chapters} />
        <button
          type="button"
          className={styles.tool}
          aria-expanded={settingsOpen}
          aria-controls="reader-settings"
          onClick={() => setSettingsOpen((o) => !o)}
          data-testid="reader-settings-toggle"
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M5 4v3h5.5v12h3V7H19V4zm-2 8h3v7h3v-7h3V9H3z" />
          </svg>
          {t('novel.reader.title')}
        </button>
      </div>
      <TranslateControls
        novelId={novel.id}
        to={choice.to}
        nots={choice.nots}
        onChange={(c) => setChoice((old) => ({ ...old, ...c }))}
        onTranslate={translate}
        busy={translation.state.status === 'loading'}
      />
      {settingsOpen && (
        <div id="reader-settings">
          <ReaderSettings />
        </div>
      )}
      {translation.state.status !== 'idle' && request && (
        <div className={styles.text} style={readerStyle(reader)}>
          <NovelTranslation
            state={translation.state}
            total={translatableBlocks(pages)}
            nots={request.nots}
            onRetry={() => translation.start(request)}
            onClose={translation.close}
          />
        </div>
      )}
      <article
        ref={ref}
        hidden={translating}
        className={vertical ? `${styles.text} ${styles.vertical}` : styles.text}
        style={textStyle}
        data-testid="novel-text"
        data-direction={reader.direction}
        // The vertical text scrolls sideways; a keyboard user scrolls it once it has focus.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={vertical ? 0 : undefined}
      >
        <NovelBody pages={pages} embedImgs={text.embedImgs} proxy={proxy} />
      </article>
    </section>
  );
}
