import preset from '../../jest.preset.js';

const rootDir = import.meta.dirname;
/** The behaviour suites: written once, run against the JSONL journal and against PostgreSQL (test/postgres: PostgreSQL's own: replicas, faults). */
const BEHAVIOUR = ['operations', 'concurrency', 'edit-in-place', 'idempotency'].map((name) => `<rootDir>/test/${name}.test.ts`);

export default {
  testTimeout: preset.testTimeout, // a global setting: projects do not carry it
  projects: [
    { ...preset, rootDir, displayName: 'jsonl', testPathIgnorePatterns: ['/test/postgres/'] },
    { ...preset, rootDir, displayName: 'postgresql', testMatch: [...BEHAVIOUR, '<rootDir>/test/postgres/**/*.test.ts'], setupFilesAfterEnv: ['<rootDir>/test/support/postgres-log.ts'] },
  ],
};
