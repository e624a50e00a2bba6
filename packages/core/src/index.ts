export * from './raw/app-api.ts';
export * from './entities/artwork.ts';
export * from './entities/settings.ts';
export * from './upstream.ts';
