export { gracefulStop, type GracefulStopOptions } from './graceful-stop';
export { watchParent } from './parent-watch';
