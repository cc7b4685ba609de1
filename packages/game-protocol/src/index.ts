export * from './catalog.ts';
export * from './faults.ts';
export * from './provider-api.ts';
export * from './seamless.ts';
export * from './signing.ts';
