import { useTranslation } from 'react-i18next';
import type { NovelPage } from '@pv/core';
import { chapterAnchor, pageAnchor, scrollToAnchor } from './NovelBody.tsx';
import styles from './NovelReader.module.css';

export interface NovelContentsProps {
  pages: NovelPage[];
  chapters: { page: number; title: string }[];
}

/** The table of contents (chapters) and the page index, folded into one disclosure. */
export function NovelContents({ pages, chapters }: NovelContentsProps) {
  const { t } = useTranslation();
  if (pages.length < 2 && chapters.length === 0) return null;
  const go = (id: string) => (e: React.MouseEvent) => {
    e.preventDefault();
    scrollToAnchor(id);
  };
  return (
    <details className={styles.contents} data-testid="novel-contents">
      <summary>{t('novel.contents')}</summary>
      {chapters.length > 0 && (
        <nav aria-label={t('novel.chapters')}>
          <ol className={styles.toc} data-testid="novel-toc">
            {chapters.map((c, i) => (
              <li key={i}>
                <a href={`#${chapterAnchor(i)}`} onClick={go(chapterAnchor(i))}>
                  {c.title}
                </a>
                <span className={styles.tocPage}>{c.page}</span>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {pages.length > 1 && (
        <nav aria-label={t('novel.pages')}>
          <ol className={styles.pageIndex} data-testid="novel-page-index">
            {pages.map((p) => (
              <li key={p.page}>
                <a
                  href={`#${pageAnchor(p.page)}`}
                  onClick={go(pageAnchor(p.page))}
                  aria-label={t('novel.page_n', { n: p.page, total: pages.length })}
                >
                  {p.page}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      )}
    </details>
  );
}
