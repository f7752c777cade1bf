import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

// Every folder under src/features is a feature, so a new one is held to the boundary rule below.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/api/schema.d.ts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // One name per concept: the user's "campaign" is a scene in code (and in the API).
      'id-match': ['error', '^(?!.*[Cc]ampaign).*$', { properties: true, classFields: true }],
    },
  },
  // Feature folders never import each other (their barrels included); shared code lives in src/lib,
  // src/components, src/api, and the app or a page composes features.
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: features
            .filter((other) => other !== feature)
            .flatMap((other) => [
              `@/features/${other}`,
              `@/features/${other}/*`,
              `**/features/${other}`,
              `**/features/${other}/*`,
              `../${other}`,
              `../${other}/*`,
              `../../${other}`,
              `../../${other}/*`,
              `../../../${other}`,
              `../../../${other}/*`,
            ]),
        },
      ],
    },
  })),
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
  // Formatting is Prettier's (npm run format:check); ESLint's stylistic rules stay off.
  prettier,
);
