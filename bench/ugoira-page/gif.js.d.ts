/** The parts of gif.js 0.2 (MIT, https://github.com/jnordberg/gif.js) the bench page uses. */
declare module 'gif.js' {
  interface GifOptions {
    workers?: number;
    quality?: number;
    width?: number;
    height?: number;
    workerScript?: string;
    repeat?: number;
  }
  export default class GIF {
    constructor(options: GifOptions);
    addFrame(
      image: CanvasRenderingContext2D | ImageData,
      options?: { delay?: number; copy?: boolean },
    ): void;
    on(event: 'finished', listener: (blob: Blob) => void): void;
    on(event: 'abort', listener: () => void): void;
    render(): void;
  }
}
