/**
 * The part of jsdom the server render uses (entry-server.tsx: a DOM window for the sanitiser).
 * Its DefinitelyTyped package references the DOM lib for every project of the repository, the
 * server's too, whose Node types it then breaks: declared here for the web package alone.
 */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
