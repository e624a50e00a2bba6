/** Defined by Vite at build time (vite.config.ts, build-commit.ts). */
declare const __BUILD_COMMIT__: string;

/** The short commit the app was built from; '' when the build had none (no git checkout). */
export const BUILD_COMMIT: string = __BUILD_COMMIT__;
