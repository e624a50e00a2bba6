import styles from './Info.module.css';

/** A link to another site: its name and host, opened in a new tab without an opener. */
export function ExternalLink({ name, href, note }: { name: string; href: string; note?: string }) {
  return (
    <a className={styles.external} href={href} target="_blank" rel="noopener noreferrer">
      <span className={styles.linkName}>
        <span>{name}</span>
        <span className={styles.host}>{note ?? new URL(href).host}</span>
      </span>
      <span aria-hidden="true">↗</span>
    </a>
  );
}
