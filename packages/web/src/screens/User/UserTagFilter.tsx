import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_TAGS_FIRST, type MemberTag } from '@pv/core';
import styles from './User.module.css';

export interface UserTagFilterProps {
  tags: readonly MemberTag[];
  selected: string;
  /** '' clears the filter. */
  onSelect: (tag: string) => void;
}

/**
 * The author's tags above the works: the first 20, the rest behind 'more' (spec 001 §2.11, §9).
 * Selecting a tag lists its works; selecting it again clears it.
 */
export function UserTagFilter({ tags, selected, onSelect }: UserTagFilterProps) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  if (tags.length === 0) return null;
  // a selected tag beyond the first 20 stays in view
  const shown = all ? tags : tags.filter((tag, i) => i < MEMBER_TAGS_FIRST || tag.tag === selected);
  return (
    <div className={styles.tags} role="group" aria-label={t('user.tags')} data-testid="user-tags">
      {shown.map((tag) => (
        <button
          key={tag.tag}
          type="button"
          className={`${styles.tag} ${tag.tag === selected ? styles.tagOn : ''}`}
          aria-pressed={tag.tag === selected}
          onClick={() => onSelect(tag.tag === selected ? '' : tag.tag)}
          data-testid="user-tag"
        >
          #{tag.tag}
          {tag.tag_translation && <span className={styles.tagTr}>{tag.tag_translation}</span>}
          <span className={styles.tagCount}>{tag.cnt}</span>
        </button>
      ))}
      {!all && tags.length > MEMBER_TAGS_FIRST && (
        <button
          type="button"
          className={styles.tagMore}
          onClick={() => setAll(true)}
          data-testid="user-tags-more"
        >
          {t('user.tags_more', { n: tags.length - MEMBER_TAGS_FIRST })}
        </button>
      )}
    </div>
  );
}
