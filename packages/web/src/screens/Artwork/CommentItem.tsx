import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { commentParts, filterComments, stampUrl, toProxiedImageUrl, type Comment } from '@pv/core';
import { useCommentReplies, usePostedComments, withPosted } from '../../state/queries/comments.ts';
import { useSettings } from '../../state/settings/settings.ts';
import { CommentForm } from './CommentForm.tsx';
import styles from './Comments.module.css';
import { DateTime } from '../../components/DateTime/DateTime.tsx';

function CommentBody({ comment, imageProxy }: { comment: Comment; imageProxy?: string }) {
  const { t } = useTranslation();
  if (comment.stampId !== null)
    return (
      <img
        className={styles.stamp}
        src={toProxiedImageUrl(stampUrl(comment.stampId), imageProxy)}
        alt={t('comment.stamp')}
        loading="lazy"
        data-testid="comment-stamp"
      />
    );
  return (
    <p className={styles.text}>
      {comment.replyToUserName && <span className={styles.to}>@{comment.replyToUserName} </span>}
      {commentParts(comment.comment).map((part, i) =>
        'text' in part ? (
          part.text
        ) : (
          <img
            key={i}
            className={styles.emoji}
            src={toProxiedImageUrl(part.src, imageProxy)}
            alt={`(${part.emoji})`}
            title={part.emoji}
            data-testid="comment-emoji"
          />
        ),
      )}
    </p>
  );
}

export interface CommentItemProps {
  illustId: number;
  comment: Comment;
  imageProxy?: string;
  /** Signed in: a reply button. */
  canPost: boolean;
  /** Replies are comments too, without their own replies. */
  isReply?: boolean;
}

/** One comment: author, date, text with emoji (or a stamp); replies on demand; a reply form. */
export function CommentItem({ illustId, comment, imageProxy, canPost, isReply }: CommentItemProps) {
  const { t } = useTranslation();
  const { blocks } = useSettings();
  const [showReplies, setShowReplies] = useState(false);
  const [replying, setReplying] = useState(false);
  const replies = useCommentReplies(comment.id, showReplies);
  const mine = usePostedComments(illustId, comment.id);
  const shown = filterComments(withPosted(mine, replies.data ?? [], 'posted-last'), blocks);
  return (
    <li className={styles.item} data-testid={isReply ? 'comment-reply' : 'comment'}>
      <img
        className={styles.avatar}
        src={toProxiedImageUrl(comment.img, imageProxy)}
        alt=""
        loading="lazy"
      />
      <div className={styles.main}>
        <div className={styles.head}>
          <Link to={`/users/${comment.userId}`} className={styles.name}>
            {comment.userName}
          </Link>
          <DateTime
            className={styles.date}
            value={comment.commentDate}
            show="recent"
            data-testid="comment-date"
          />
        </div>
        <CommentBody comment={comment} imageProxy={imageProxy} />
        <div className={styles.tools}>
          {!isReply && (comment.hasReplies || mine.length > 0) && (
            <button
              type="button"
              aria-expanded={showReplies}
              onClick={() => setShowReplies((s) => !s)}
              data-testid="comment-replies-toggle"
            >
              {t(showReplies ? 'comment.hide_replies' : 'comment.replies')}
            </button>
          )}
          {!isReply && canPost && (
            <button
              type="button"
              onClick={() => setReplying((r) => !r)}
              data-testid="comment-reply-button"
            >
              {t('comment.reply')}
            </button>
          )}
        </div>
        {replying && (
          <CommentForm
            illustId={illustId}
            parent={comment}
            onPosted={() => {
              setReplying(false);
              setShowReplies(true);
            }}
          />
        )}
        {showReplies && shown.length > 0 && (
          <ul className={styles.replies}>
            {shown.map((r) => (
              <CommentItem
                key={r.id}
                illustId={illustId}
                comment={r}
                imageProxy={imageProxy}
                canPost={false}
                isReply
              />
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}
