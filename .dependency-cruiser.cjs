// The layering of the workspace, checked by `pnpm layers` (part of `pnpm test`): packages never
// import apps, nothing imports in a circle, and a package imports only packages of a lower layer.
// A new package goes into the layer above everything it imports.
const LAYERS = [
  ['schema', 'journal', 'sha256', 'html', 'client'],
  ['database', 'error-search'],
  ['content'],
  ['idempotency'],
  // Stores (one interface, a file and a PostgreSQL backend) and pure formats over the content.
  ['catalog-store', 'feedback-store', 'adoption-store', 'rollout-store', 'rate-limit-store', 'session-store', 'mailer', 'updater-formats', 'restore-watch', 'search-feedback'],
  // HTTP without routes: errors, answers, validation, headers, the read and write contracts.
  ['http-kit'],
  // What the API and the console share above it, and the service's graceful stop.
  ['auth', 'pages', 'release-guard', 'feedback-work', 'graceful-stop'],
  // Above them: the console, the metrics, the operator's commands and what a route declares.
  ['console', 'metrics', 'operator-commands', 'route-table'],
  // The OpenAPI document of a route table.
  ['openapi'],
];

const any = (names) => `^packages/(${names.join('|')})/`;
const PACKAGES = LAYERS.flat();

module.exports = {
  forbidden: [
    {
      name: 'no-package-imports-an-app',
      comment: 'Packages are the lower layers: apps/* use packages/*, never the other way round.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'no-circular',
      comment: 'No module reaches itself through its imports (types included).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...LAYERS.map((layer, i) => ({
      name: `layer-${i}-imports-only-lower-layers`,
      comment: `${layer.join(', ')} may import packages of layers below ${i} only (see LAYERS).`,
      severity: 'error',
      from: { path: any(layer) },
      to: { path: any(LAYERS.slice(i).flat()), pathNot: '^packages/$1/' },
    })),
    {
      name: 'declared-dependencies-only',
      comment: 'Every import resolves: a package imports only what its package.json declares (pnpm links nothing else).',
      severity: 'error',
      from: {},
      // `/// <reference types="node" />` names @types/node, which has no module to resolve.
      to: { couldNotResolve: true, pathNot: '^node$' },
    },
    {
      name: 'every-package-in-a-layer',
      comment: 'A package that imports others must be placed in LAYERS.',
      severity: 'error',
      from: { path: '^packages/', pathNot: any(PACKAGES) },
      to: { path: '^packages/' },
    },
  ],
  options: {
    // Production code (the apps' and packages' src/), and imports that resolve to nothing.
    includeOnly: '^(apps/[^/]+/src/|packages/[^/]+/src/|(?!node_modules/|apps/|packages/|tests/|bench/|scripts/)[^./])',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.js'],
    },
  },
};
