import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_TAGS_FIRST, type MemberTag } from '@pv/core';
import styles from './User.module.css';

export interface UserTagFilterProps {
  tags: readonly MemberTag[];
  selected: string;
  /** '' clears the filter. */
  onSelect: (tag: string) => void;
  /** The tags are on their way: a row of placeholders holds their place. */
  loading?: boolean;
}

/** Tag-shaped placeholders shown while the tags load. */
const PLACEHOLDERS = [0, 1, 2, 3];

/**
 * The author's tags above the works: the first 20, the rest behind 'more' (spec 001 §2.11, §9).
 * Selecting a tag lists its works; selecting it again clears it.
 */
export function UserTagFilter({ tags, selected, onSelect, loading }: UserTagFilterProps) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  // The tags arrive after the app has taken a server-rendered profile over: until then a row of
  // tag-shaped placeholders keeps the works where they will stay (one row is the phone's whole
  // height; on a wide screen more rows of tags still push the works down once).
  if (loading) {
    return (
      <div className={styles.tags} aria-hidden="true" data-testid="user-tags-loading">
        {PLACEHOLDERS.map((i) => (
          <span key={i} className={`${styles.tag} ${styles.tagPlaceholder}`}>
            #
          </span>
        ))}
      </div>
    );
  }
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
