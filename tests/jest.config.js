import preset from '../jest.preset.js';

// The global setup provides Chromium for the browser tests when it can (see test/support/chromium.ts).
export default { ...preset, globalSetup: '<rootDir>/test/support/chromium.ts' };
