import type { ButtonHTMLAttributes } from 'react';
import styles from './WideButton.module.css';

/**
 * A dashed full-width button that asks for more content on demand; `className` places it (its
 * margins), the look is shared.
 */
export function WideButton({ className, ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      {...props}
      className={className ? `${styles.wide} ${className}` : styles.wide}
    />
  );
}
