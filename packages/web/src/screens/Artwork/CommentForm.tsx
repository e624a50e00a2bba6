import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX_CHARS, type Comment } from '@pv/core';
import { useApi } from '../../state/api/ApiContext.tsx';
import { postComment } from '../../state/queries/comments.ts';
import { showToast } from '../../state/ui/toast.ts';
import styles from './Comments.module.css';

/**
 * Posting a comment or a reply (signed in): 'comment required' when empty, at most 140
 * characters (the field stops there; the counter shows how many are left).
 */
export function CommentForm({
  illustId,
  parent,
  onPosted,
}: {
  illustId: number;
  parent?: Comment;
  onPosted?: () => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!text.trim()) {
      showToast('comment.required', { error: true });
      return;
    }
    setBusy(true);
    const ok = await postComment(api, { illustId, text: text.trim(), parent });
    setBusy(false);
    if (!ok) {
      showToast('comment.fail', { error: true });
      return;
    }
    setText('');
    onPosted?.();
  };
  const label = parent
    ? t('comment.reply_to', { name: parent.userName })
    : t('comment.placeholder');
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} data-testid="comment-form">
      <label htmlFor={id} className={styles.srOnly}>
        {label}
      </label>
      <textarea
        id={id}
        value={text}
        placeholder={label}
        maxLength={COMMENT_MAX_CHARS}
        rows={2}
        onChange={(e) => setText(e.target.value)}
        data-testid="comment-input"
      />
      <div className={styles.formBar}>
        <span className={styles.counter} data-testid="comment-counter">
          {[...text].length} / {COMMENT_MAX_CHARS}
        </span>
        <button type="submit" disabled={busy} aria-busy={busy} data-testid="comment-send">
          {t('comment.send')}
        </button>
      </div>
    </form>
  );
}
