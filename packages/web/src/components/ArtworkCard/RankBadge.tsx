import { useTranslation } from 'react-i18next';
import styles from './ArtworkCard.module.css';

/** A ranking place: the number for the eye, "Rank 3" (in the user's language) for the ear. */
export function RankBadge({ rank }: { rank: number }) {
  const { t } = useTranslation();
  return (
    <span className={`${styles.badge} ${styles.rank}`} data-testid="rank-number" data-rank={rank}>
      <span aria-hidden="true">{rank}</span>
      <span className="visually-hidden">{t('rank.position', { n: rank })}</span>
    </span>
  );
}
