/** Every localStorage key and IndexedDB key the app uses, in one place (STYLE.md, Data). */
export const STORAGE_KEYS = {
  language: 'pv.language',
  settings: 'pv.settings',
  searchHistory: 'pv.searchHistory',
  /** Where each novel was left: novel id to the fraction read (0–1), the last 100 novels. */
  novelPositions: 'pv.novelPositions',
  clientConfig: 'pv.clientConfig',
  /** The chosen HibiAPI-compatible mirror base (absent: this server's /api/pixiv). */
  apiBase: 'pv.apiBase',
  /** The www session login (PHPSESSID, CSRF token, account, expiry instant); 180 days. */
  webSession: 'pv.webSession',
  /** The NSFW-on flag of spec 001 §3 ('1' when adult content was ever switched on). */
  nsfw: 'pv.nsfw',
  /** The PKCE code verifier of an OAuth login in progress, with its expiry instant; 600 s. */
  oauthCodeVerifier: 'pv.oauthCodeVerifier',
  /** sessionStorage: when the app last reloaded itself after a failed chunk load (ms epoch). */
  chunkReloadAt: 'pv.chunkReloadAt',
  /** sessionStorage: the ordered work ids of the last lists a card was opened from. */
  galleryLists: 'pv.galleryLists',
  /**
   * The manual-input flag of spec 001 §3 ('1': the image proxy and API base are typed, not
   * chosen from lists).
   */
  manualInput: 'pv.manualInput',
  /** The user's chosen image proxy host (spec 001 §5 local keys), tried before the server's. */
  imageProxy: 'pv.imageProxy',
  /** sessionStorage: the image source that worked after another failed (lib/image-fallback). */
  imageSource: 'pv.imageSource',
  /** The ids of alert notices already read (spec 000 §4 notice feed). */
  noticesRead: 'pv.noticesRead',
  /** The ids of notice banners closed (they stay closed across visits). */
  noticesClosed: 'pv.noticesClosed',
} as const;

/** IndexedDB (idb-keyval default store) keys: the query cache and the history lists. */
export const IDB_KEYS = {
  queryCache: 'pv.queryCache',
  illustHistory: 'illusts.history',
  novelHistory: 'novels.history',
  userHistory: 'users.history',
  /** The folder picked for downloads (a FileSystemDirectoryHandle, spec 001 §2.7). */
  downloadFolder: 'pv.downloadFolder',
  /** The saved-for-offline list (its own IndexedDB store `pv-saved`; files in SAVED_CACHE). */
  saved: 'pv.saved',
} as const;
