import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

const features = ['auth', 'account-security', 'workspace', 'storyboard', 'credits', 'reference-images', 'chat', 'generate', 'presets', 'commerce'];

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
  // Feature folders never import each other; shared code lives in src/lib, src/components, src/api.
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: features
            .filter((other) => other !== feature)
            .flatMap((other) => [`@/features/${other}`, `@/features/${other}/*`, `**/features/${other}/*`, `../${other}/*`, `../../${other}/*`]),
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
