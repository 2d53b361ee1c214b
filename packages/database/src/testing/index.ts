// Test support for the stores' PostgreSQL suites: a real cluster in a temp folder.
export { clusterUnavailable, TempCluster } from './temp-cluster';
export { CommitCutter } from './commit-cutter';
export { clusterBackend, folderBackend, type StoreBackend } from './store-backends';
