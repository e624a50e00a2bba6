import { useMemo } from 'react';
import { novelChapters, parseNovelMarkup, type Novel, type NovelText } from '@pv/core';
import { useSettings } from '../../state/settings/settings.ts';
import { NovelBody } from './NovelBody.tsx';
import { NovelContents } from './NovelContents.tsx';
import { readerStyle } from './reader-style.ts';
import styles from './NovelReader.module.css';

export interface NovelReaderProps {
  novel: Novel;
  text: NovelText;
  proxy: (url: string) => string;
}

/**
 * The text as the reader settings lay it out: horizontal, or vertical (`vertical-rl`, read by
 * scrolling sideways); size, line height, weight, font and colours from the settings, applied
 * as they change.
 */
export function NovelReader({ novel, text, proxy }: NovelReaderProps) {
  const { reader } = useSettings();
  const pages = useMemo(() => parseNovelMarkup(text.text), [text.text]);
  const chapters = useMemo(() => novelChapters(pages), [pages]);
  const vertical = reader.direction === 'v';
  return (
    <section className={styles.reader} data-testid="novel-reader" aria-label={novel.title}>
      <div className={styles.toolbar}>
        <NovelContents pages={pages} chapters={chapters} />
      </div>
      <article
        className={vertical ? `${styles.text} ${styles.vertical}` : styles.text}
        style={readerStyle(reader)}
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
