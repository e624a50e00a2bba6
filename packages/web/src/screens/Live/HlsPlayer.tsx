import { useEffect, useRef } from 'react';
import { withChunkTimeout } from '../../lib/chunk-error.ts';

/** Wait before a failed stream is loaded again, ms; doubles per failure up to the maximum. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 8_000;

/**
 * Plays an HLS stream: natively where the browser can (Safari), otherwise with hls.js, loaded
 * on demand, so only a live page downloads it (and the service worker does not precache it).
 * Its size (about 370 kB minified, 115 kB gzip) is what a player written in JavaScript costs:
 * the playlist loader, adaptive bitrate, and an MPEG-TS demuxer and MP4 remuxer for Media
 * Source Extensions. It is hls.js's light build: a sketch live is one H.264/AAC stream, so the
 * full build's alternate audio, subtitles, DRM, CMCD and interstitials (about 220 kB more, over
 * Vite's 500 kB chunk warning) would never run. A fatal error is first recovered in place
 * (media errors); otherwise the player is rebuilt from the playlist after a growing pause, since
 * a cold live stream can fail its first requests (the playlist or segments not ready yet) and
 * must not stay black. Stopping (or leaving) tears everything down.
 */
export function HlsPlayer({ src, stopped }: { src: string; stopped: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = video.current;
    if (!el || !src || stopped) return;
    let destroyed = false;
    let hls: { destroy(): void } | undefined;
    let retry: number | undefined;
    if (el.canPlayType('application/vnd.apple.mpegurl')) {
      el.src = src;
    } else {
      void withChunkTimeout(() => import('hls.js/light')).then(({ default: Hls }) => {
        if (!Hls.isSupported()) return;
        let wait = RETRY_FIRST_MS;
        let mediaRecovered = false;
        const start = () => {
          if (destroyed) return;
          const player = new Hls({ liveDurationInfinity: true });
          player.on(Hls.Events.FRAG_BUFFERED, () => {
            wait = RETRY_FIRST_MS;
            mediaRecovered = false;
          });
          player.on(Hls.Events.ERROR, (_event, data) => {
            if (!data.fatal || destroyed) return;
            if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !mediaRecovered) {
              mediaRecovered = true;
              player.recoverMediaError();
              return;
            }
            player.destroy();
            retry = window.setTimeout(start, wait);
            wait = Math.min(wait * 2, RETRY_MAX_MS);
          });
          player.loadSource(src);
          player.attachMedia(el);
          hls = player;
        };
        start();
      });
    }
    return () => {
      destroyed = true;
      window.clearTimeout(retry);
      hls?.destroy();
      el.removeAttribute('src');
      el.load();
    };
  }, [src, stopped]);
  return (
    <video
      ref={video}
      className="live-video"
      data-testid="live-video"
      muted
      autoPlay
      playsInline
      controls
    />
  );
}
