export * from './languages.ts';
export * from './headers.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './constants.ts';
export * from './brand.ts';
export * from './platform-list.ts';
