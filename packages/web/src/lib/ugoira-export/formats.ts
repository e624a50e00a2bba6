/** The ugoira download formats (spec 001 §7.4) and their file extensions. */
export type UgoiraFormat = 'ZIP' | 'GIF' | 'WebM' | 'APNG' | 'MP4(Browser)' | 'MP4(Server)';

export const UGOIRA_FORMATS: readonly UgoiraFormat[] = [
  'ZIP',
  'GIF',
  'WebM',
  'APNG',
  'MP4(Browser)',
  'MP4(Server)',
];

/**
 * The extension each format's file gets (after the dlFileNameTpl name). The two MP4s differ:
 * saved side by side, the server's would otherwise overwrite the browser's.
 */
export const FORMAT_EXT: Record<UgoiraFormat, string> = {
  ZIP: 'zip',
  GIF: 'gif',
  WebM: 'webm',
  APNG: 'png',
  'MP4(Browser)': 'mp4',
  'MP4(Server)': 'server.mp4',
};
