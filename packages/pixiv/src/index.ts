export * from './errors.ts';
export * from './client-hash.ts';
export * from './oauth.ts';
export * from './token-provider.ts';
export * from './app-api.ts';
export * from './web.ts';
export * from './pixivision.ts';
export * from './sketch.ts';
