import { clusterUnavailable } from '@companion/database/testing';

// The `postgresql` jest project: the behaviour suites run again with their op log in PostgreSQL
// (see LOG_UNDER_TEST in ../harness.ts). Without the server binaries they say why and skip.
process.env.CATALOG_TEST_LOG = 'postgres';
const skip = clusterUnavailable();
if (skip) {
  console.log(skip);
  (globalThis as { test: unknown }).test = test.skip;
}
