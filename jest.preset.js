// Shared jest settings: TypeScript through swc, native ESM (run with --experimental-vm-modules).
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } },
    ],
  },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  // A ceiling for what waits on real events (a server starting, a file settling): a loaded 2-core
  // machine takes several times as long as an idle one, and a hang still fails.
  testTimeout: 300000,
};
