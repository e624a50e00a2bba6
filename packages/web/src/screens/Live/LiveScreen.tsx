import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  LIVE_CHAT_SCROLL_DELAY_MS,
  LIVE_TICK_MS,
  formatElapsed,
  liveElapsedMs,
  mergeChats,
  normaliseChatMessage,
  toProxiedHlsUrl,
  toProxiedImageUrl,
  type LiveChat,
  type LiveSocketMessage,
} from '@pv/core';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { useServerConfig } from '../../state/queries/config.ts';
import { LiveError, useLive, useLiveLogs } from '../../state/queries/lives.ts';
import { showToast } from '../../state/ui/toast.ts';
import { useFormat } from '../../lib/format.ts';
import { HlsPlayer } from './HlsPlayer.tsx';
import styles from './Live.module.css';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';

interface Counters {
  members: number;
  total: number;
  hearts: number;
  chats: number;
}

/**
 * `/live/{id}` (spec 000 §2, §4 "Live detail"): the player with a performer switcher, the chat
 * log (logs.json, then the websocket), counters, and the elapsed time ticking every second.
 * `finish` closes everything; leaving stops the timer, the player and the socket.
 */
export default function LiveScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useParams().id ?? '';
  const imageProxy = useServerConfig().imageProxy ?? undefined;
  const live = useLive(id);
  const logs = useLiveLogs(id);
  const [performer, setPerformer] = useState(0);
  const [incoming, setIncoming] = useState<LiveChat[]>([]);
  /** What the socket has said since the detail was fetched. */
  const [updates, setUpdates] = useState<Partial<Counters> & { newChats: number }>({ newChats: 0 });
  const [endedAt, setEndedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const chatBox = useRef<HTMLOListElement>(null);
  const data = live.data;
  const finished = endedAt !== null || !!data?.finished_at;

  useEffect(() => {
    if (live.error) {
      const message = live.error instanceof LiveError ? live.error.message : '';
      showToast(message || 'tip.unknown_err', { error: true });
    }
  }, [live.error]);

  // The socket, once the live is known to be on.
  useEffect(() => {
    if (!data || data.finished_at) return;
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(
      `${scheme}://${window.location.host}/ws/lives?live_id=${encodeURIComponent(data.id)}`,
    );
    const socketChatIds = new Set<number>();
    ws.onmessage = (event) => {
      let message: LiveSocketMessage;
      try {
        message = JSON.parse(String(event.data)) as LiveSocketMessage;
      } catch {
        return;
      }
      if (message.type === 'chat') {
        const chat = normaliseChatMessage(message.chat);
        // a repeated chat (same id) is neither shown nor counted twice
        if (socketChatIds.has(chat.id)) return;
        socketChatIds.add(chat.id);
        setIncoming((list) => mergeChats([], [...list, chat]));
        setUpdates((u) => ({ ...u, newChats: u.newChats + 1 }));
      } else if (message.type === 'audience_count_updated') {
        setUpdates((u) => ({ ...u, members: message.count, total: message.total }));
      } else if (message.type === 'heart') {
        setUpdates((u) => ({ ...u, hearts: message.total_count }));
      } else if (message.type === 'finish') {
        setEndedAt(Date.now());
        ws.close();
      }
    };
    return () => ws.close();
  }, [data]);

  // The elapsed time ticks every second until the live ends.
  useEffect(() => {
    if (!data || finished) return;
    const timer = window.setInterval(() => setNow(Date.now()), LIVE_TICK_MS);
    return () => window.clearInterval(timer);
  }, [data, finished]);

  // logs.json and the socket may both hold a chat: each id shows once
  const chats = mergeChats(logs.data ?? [], incoming);
  // the newest entry, not the length: the log stops growing once it holds its 300
  const lastChatId = chats.at(-1)?.id;
  // New chat scrolls into view after 500 ms.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const box = chatBox.current;
      if (box) box.scrollTop = box.scrollHeight;
    }, LIVE_CHAT_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [lastChatId]);

  const elapsed = data
    ? formatElapsed(
        endedAt !== null ? endedAt - Date.parse(data.created_at) : liveElapsedMs(data, now),
      )
    : '';
  const counters: Counters | null = data
    ? {
        members: updates.members ?? data.member_count,
        total: updates.total ?? data.total_audience_count,
        hearts: updates.hearts ?? data.heart_count,
        chats: data.chat_count + updates.newChats,
      }
    : null;
  const current = data?.performers[Math.min(performer, (data?.performers.length ?? 1) - 1)];

  useDocumentTitle(data?.name ?? t('title.live'));
  return (
    <>
      <TopBar title={data?.name ?? t('title.live')} />
      {live.isPending ? (
        <div className={styles.skeleton} aria-busy="true" />
      ) : !data ? (
        <div className={styles.error} data-testid="live-error">
          <p>
            {live.error instanceof LiveError && live.error.message
              ? live.error.message
              : t('tip.unknown_err')}
          </p>
          <button type="button" onClick={() => void live.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <div className={styles.detail} data-testid="live-detail">
          <section className={styles.stage}>
            {finished ? (
              <div className={styles.ended} data-testid="live-finished">
                {t('live.finished')}
              </div>
            ) : (
              current && <HlsPlayer src={toProxiedHlsUrl(current.hls_url)} stopped={finished} />
            )}
            <div className={styles.stats}>
              <span data-testid="live-elapsed" title={t('live.elapsed')}>
                {elapsed}
              </span>
              <span data-testid="live-members">
                {t('live.watching', { n: format.number(counters?.members ?? 0) })}
              </span>
              <span data-testid="live-total">
                {t('live.total', {
                  count: counters?.total ?? 0,
                  n: format.number(counters?.total ?? 0),
                })}
              </span>
              <span data-testid="live-hearts">
                {t('live.hearts', {
                  count: counters?.hearts ?? 0,
                  n: format.number(counters?.hearts ?? 0),
                })}
              </span>
              <span data-testid="live-chat-count">
                {t('live.chats', {
                  count: counters?.chats ?? 0,
                  n: format.number(counters?.chats ?? 0),
                })}
              </span>
            </div>
            {data.performers.length > 1 && (
              <div className={styles.performers} role="tablist" aria-label={t('live.performers')}>
                {data.performers.map((p, i) => (
                  <button
                    key={p.id}
                    type="button"
                    role="tab"
                    aria-selected={i === performer}
                    onClick={() => setPerformer(i)}
                    data-testid="live-performer"
                  >
                    <img src={toProxiedImageUrl(p.avatar, imageProxy)} alt="" />
                    {p.name}
                  </button>
                ))}
              </div>
            )}
            <p className={styles.description}>{data.description}</p>
            <Link to={`/users/${data.owner.id}`} className={styles.ownerLink}>
              <img src={toProxiedImageUrl(data.owner.avatar, imageProxy)} alt="" />
              {data.owner.name}
            </Link>
          </section>
          <section className={styles.chat} aria-label={t('live.chat')}>
            <h2>{t('live.chat')}</h2>
            <ol
              ref={chatBox}
              className={styles.chatList}
              // The chat scrolls on its own: focusable, so that a keyboard can scroll it too.
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              tabIndex={0}
              aria-label={t('live.chat')}
              data-testid="live-chat"
            >
              {chats.length === 0 && <li className={styles.muted}>{t('live.empty_chat')}</li>}
              {chats.map((c) => (
                <li key={c.id} data-testid="live-chat-entry">
                  <img src={toProxiedImageUrl(c.user.avatar, imageProxy)} alt="" loading="lazy" />
                  <span className={styles.chatUser}>{c.user.name}</span>
                  <span>{c.message}</span>
                </li>
              ))}
            </ol>
          </section>
        </div>
      )}
    </>
  );
}
