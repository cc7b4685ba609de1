import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/artifacts/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // Type-aware rules on the servers, where a forgotten await loses an error or a write.
    files: ['apps/api/src/**/*.ts', 'apps/game-sim/src/**/*.ts'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // Fastify plugins and hooks, and implementations of async interfaces (the cache, the
      // provider adapters), are async by contract whether or not they await: the rule would ask
      // for callback-style plugins or Promise.resolve noise. A missing await is what the two
      // rules above catch.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read JSON answers (`response.json()` is any by design) and hand mocks' methods to
    // expect(): the no-unsafe family and unbound-method would only ask for casts there.
    files: [
      'apps/api/src/**/*.test.ts',
      'apps/api/src/**/*test-support.ts',
      'apps/api/src/test/**',
      'apps/game-sim/src/**/*.test.ts',
      'apps/game-sim/src/test/**',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.browser },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The simulator's game pages: plain browser modules served as they are.
    files: ['apps/game-sim/public/**/*.js'],
    languageOptions: {
      globals: { ...globals.browser },
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', 'apps/*/scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
