/**
 * Back closes a modal instead of leaving the page (spec 001 §2.12; the same for every sheet and
 * dialog). Each open modal owns one history entry pushed over the page's own (same URL, same
 * router key, the router's next index), so the browser's or the phone's Back lands on the page
 * again and closes the modal. A modal closed another way (Escape, its button, a choice) takes its
 * entry back with it, so the next Back leaves the page as usual. A new page opened from inside a
 * modal takes the modal's entry instead of stacking on it (`installModalHistory`), so Back from
 * that page comes back to the page under the modal, once.
 */

const KEY = 'pvModal';

interface Modal {
  token: string;
  close: () => void;
  /** A sheet closes when a new page opens from it; a question is left to its page. */
  closeOnLeave: boolean;
}

interface Navigator {
  navigate: (to: never, opts?: never) => Promise<void>;
}

/** The modals open, in the order they opened. */
let open: Modal[] = [];
/** The tokens of our entries in the history above the page's own, bottom first. */
let pushed: string[] = [];
/** A history.go of ours is on its way; its popstate is not the user's. */
let traversing = false;
/** The address of the entry our history.go took away, when a replace had changed it. */
let restore: string | undefined;
/** The page's address on a modal's entry after a replace while it was open (a filter applied). */
const urls = new Map<string, string>();
let waiters: (() => void)[] = [];
let scheduled = false;
let listening = false;
let seq = 0;
let router: Navigator | undefined;

type EntryState = Record<string, unknown> | null;

function tokenOf(state: unknown): string | undefined {
  const token = (state as EntryState)?.[KEY];
  return typeof token === 'string' ? token : undefined;
}

function here(): string {
  return window.location.pathname + window.location.search + window.location.hash;
}

/** Brings the history in line with the modals open: pops the entries of closed ones, pushes new. */
function sync(): void {
  scheduled = false;
  if (traversing) return;
  let kept = 0;
  while (kept < pushed.length && pushed[kept] === open[kept]?.token) kept++;
  const extra = pushed.length - kept;
  if (extra > 0) {
    restore = topUrl(pushed.slice(kept));
    pushed = pushed.slice(0, kept);
    traversing = true;
    window.history.go(-extra);
    return; // the popstate carries on
  }
  for (const modal of open.slice(kept)) {
    const state = (window.history.state as EntryState) ?? {};
    const idx = typeof state.idx === 'number' ? state.idx + 1 : undefined;
    window.history.pushState({ ...state, idx, [KEY]: modal.token }, '');
    pushed.push(modal.token);
  }
}

/** The address a replace left on the topmost of these entries, if any; forgets them all. */
function topUrl(tokens: string[]): string | undefined {
  const token = [...tokens].reverse().find((t) => urls.has(t));
  const url = token === undefined ? undefined : urls.get(token);
  tokens.forEach((t) => urls.delete(t));
  return url;
}

/** Keeps the page at the address it had over the modal (the history move took it back). */
function stay(url: string | undefined): void {
  if (url && url !== here() && router)
    void router.navigate(url as never, { replace: true } as never);
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(sync);
}

function onPopState(event: PopStateEvent): void {
  if (traversing) {
    traversing = false;
    stay(restore);
    restore = undefined;
    const ready = waiters;
    waiters = [];
    ready.forEach((go) => go());
    sync();
    return;
  }
  // The user moved in the history: the modals above the entry now shown close.
  const token = tokenOf(event.state);
  const at = token === undefined ? -1 : pushed.indexOf(token);
  const gone = new Set(pushed.slice(at + 1));
  // A replace while open changed the page's address (a filter): the page stays as it was shown.
  stay(topUrl(pushed.slice(at + 1)));
  pushed = pushed.slice(0, at + 1);
  const closing = open.filter((m) => gone.has(m.token));
  open = open.filter((m) => !gone.has(m.token));
  closing.reverse().forEach((m) => m.close());
}

/**
 * Registers an open modal; `close` is called when Back closes it (and, with `closeOnLeave`, when a
 * new page opens over it). The returned function is called when it closes any other way (or
 * unmounts) and takes its history entry back.
 */
export function openModalEntry(close: () => void, closeOnLeave = true): () => void {
  if (!listening) {
    window.addEventListener('popstate', onPopState);
    listening = true;
  }
  const modal: Modal = { token: `${Date.now().toString(36)}-${++seq}`, close, closeOnLeave };
  open = [...open, modal];
  schedule();
  return () => {
    if (!open.includes(modal)) return;
    open = open.filter((m) => m !== modal);
    schedule();
  };
}

/**
 * Hooks the router's navigations: a new page opened while a modal's entry is on top replaces that
 * entry (the modals are left behind with their page); a replace while one is open (a filter
 * applied) keeps the entry a modal's; any navigation waits for a history move of ours to land.
 * The sheets left behind close (spec 001 §2.12 "closes on route leave").
 */
export function installModalHistory(target: Navigator): void {
  router = target;
  const navigate = target.navigate.bind(target);
  target.navigate = ((to: never, opts?: never) => {
    if (typeof to === 'number') return navigate(to, opts);
    if (traversing)
      return new Promise<void>((resolve) => waiters.push(resolve)).then(() =>
        target.navigate(to, opts),
      );
    const top = pushed[pushed.length - 1];
    if (top === undefined || tokenOf(window.history.state) !== top) return navigate(to, opts);
    const options = (opts ?? {}) as { replace?: boolean };
    if (options.replace) {
      return navigate(to, opts).then(() => {
        if (pushed[pushed.length - 1] !== top || tokenOf(window.history.state) !== undefined)
          return;
        window.history.replaceState({ ...(window.history.state as object), [KEY]: top }, '');
        urls.set(top, here());
      });
    }
    const leaving = open;
    topUrl(pushed);
    pushed = [];
    open = [];
    // closed even when the page under them stays mounted (a new page still loading, Back at once)
    leaving.filter((m) => m.closeOnLeave).forEach((m) => m.close());
    return navigate(to, { ...options, replace: true } as never);
  }) as Navigator['navigate'];
}
