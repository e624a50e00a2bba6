/** What the ugoira bench's page (ugoira-page/main.ts) measures and hands back to ugoira.ts. */
export interface UgoiraPageResult {
  /** Every round's time; the `_ms` fields below are their medians. */
  rounds: { ours_gif_ms: number[]; gifjs_ms: number[]; webm_ms: number[]; mp4_ms: number[] };
  frames: number;
  gif_frames: number;
  width: number;
  height: number;
  hardware_concurrency: number;
  ours_gif_ms: number;
  gifjs_ms: number;
  ours_gif_bytes: number;
  gifjs_bytes: number;
  gif_mean_error: number;
  gifjs_mean_error: number;
  webm_ms: number;
  mp4_ms: number;
  webm_bytes: number;
  mp4_bytes: number;
  gifjs_options: { quality: number; workers: number };
}
