/**
 * The novel's text, pixiv markup rendered as React elements (never as HTML): pages with their
 * number, chapter headings, ruby, http(s) links, jumps to a page and the embedded pictures
 * through the image proxy. The markup is parsed by core (`parseNovelMarkup`), which keeps every
 * untrusted character as text.
 */
import { memo, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { NovelBlock, NovelInline, NovelPage } from '@pv/core';
import styles from './NovelBody.module.css';

export const pageAnchor = (page: number) => `novel-page-${page}`;
export const chapterAnchor = (index: number) => `novel-chapter-${index}`;

/** Scrolls to an element of the text (a page or a chapter) in either writing direction. */
export function scrollToAnchor(id: string) {
  document.getElementById(id)?.scrollIntoView({ block: 'start', inline: 'start' });
}

function onJump(e: MouseEvent<HTMLAnchorElement>, id: string) {
  e.preventDefault();
  scrollToAnchor(id);
}

/**
 * A text has hundreds of blocks and more inline parts: they take the body's `t` rather than each
 * calling `useTranslation`, whose every call copies the i18n instance into a wrapper of its own
 * and subscribes to its events (stop 60: a tenth of the app's start on a novel, at 4× CPU).
 */
function Inline({ part, t }: { part: NovelInline; t: TFunction }): ReactNode {
  switch (part.type) {
    case 'text':
      return part.text;
    case 'ruby':
      return (
        <ruby>
          {part.base}
          <rp>(</rp>
          <rt>{part.reading}</rt>
          <rp>)</rp>
        </ruby>
      );
    case 'link':
      return (
        <a
          href={part.url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          data-testid="novel-link"
        >
          {part.text}
        </a>
      );
    case 'jump':
      return (
        <a
          href={`#${pageAnchor(part.page)}`}
          onClick={(e) => onJump(e, pageAnchor(part.page))}
          className={styles.jump}
          data-testid="novel-jump"
        >
          {t('novel.jump_to_page', { n: part.page })}
        </a>
      );
  }
}

const Inlines = ({ content, t }: { content: NovelInline[]; t: TFunction }) =>
  content.map((part, i) => <Inline key={i} part={part} t={t} />);

interface BlockProps {
  block: NovelBlock;
  chapterIndex: number;
  embedImgs: Record<string, string>;
  proxy: (url: string) => string;
  t: TFunction;
}

function Block({ block, chapterIndex, embedImgs, proxy, t }: BlockProps) {
  switch (block.type) {
    case 'line':
      return block.content.length === 0 ? (
        <p className={styles.blank} aria-hidden="true" />
      ) : (
        <p className={styles.line}>
          <Inlines content={block.content} t={t} />
        </p>
      );
    case 'chapter':
      return (
        <h3 id={chapterAnchor(chapterIndex)} className={styles.chapter} data-testid="novel-chapter">
          <Inlines content={block.content} t={t} />
        </h3>
      );
    case 'illust':
    case 'uploaded': {
      // Only pximg pictures load (through the proxy); anything else is shown as missing.
      const url = embedImgs[block.key];
      const src = url ? proxy(url) : '';
      const picture = src ? (
        <img src={src} alt="" loading="lazy" decoding="async" data-testid="novel-image" />
      ) : (
        <span className={styles.missing}>{t('novel.image_unavailable')}</span>
      );
      return (
        <figure className={styles.figure} data-embed={block.key}>
          {block.type === 'illust' ? (
            <Link to={`/artworks/${block.illustId}`} aria-label={t('novel.open_artwork')}>
              {picture}
            </Link>
          ) : (
            picture
          )}
        </figure>
      );
    }
  }
}

export interface NovelBodyProps {
  pages: NovelPage[];
  embedImgs: Record<string, string>;
  proxy: (url: string) => string;
}

/** Every page of the text, in order; chapters numbered across pages for the contents. */
export const NovelBody = memo(function NovelBody({ pages, embedImgs, proxy }: NovelBodyProps) {
  const { t } = useTranslation();
  let chapter = 0;
  return pages.map((page) => (
    <section
      key={page.page}
      id={pageAnchor(page.page)}
      className={styles.page}
      data-testid="novel-page"
      aria-label={t('novel.page_n', { n: page.page, total: pages.length })}
    >
      {pages.length > 1 && (
        <p className={styles.pageMark} aria-hidden="true">
          {page.page} / {pages.length}
        </p>
      )}
      {page.blocks.map((block, i) => (
        <Block
          key={i}
          block={block}
          chapterIndex={block.type === 'chapter' ? chapter++ : -1}
          embedImgs={embedImgs}
          proxy={proxy}
          t={t}
        />
      ))}
    </section>
  ));
});
