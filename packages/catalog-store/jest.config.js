import preset from '../../jest.preset.js';

const rootDir = import.meta.dirname;
/** The behaviour suites: written once, run against the JSONL journal and against PostgreSQL. */
const BEHAVIOUR = ['operations', 'concurrency', 'edit-in-place'].map((name) => `<rootDir>/test/${name}.test.ts`);

export default {
  projects: [
    { ...preset, rootDir, displayName: 'jsonl' },
    { ...preset, rootDir, displayName: 'postgresql', testMatch: BEHAVIOUR, setupFilesAfterEnv: ['<rootDir>/test/support/postgres-log.ts'] },
  ],
};
