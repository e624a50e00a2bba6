/**
 * hls.js ships its light build (`hls.js/light`) without a declaration file of its own. It is the
 * same `Hls` class with some features compiled out (see HlsPlayer.tsx), so it takes the full
 * build's types.
 */
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
