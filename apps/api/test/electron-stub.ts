import { EventEmitter } from 'node:events';
import { request as httpRequest } from 'node:http';
import os from 'node:os';

/**
 * The `electron` module as electron-updater uses it, for its own code to run in Node: `app` (a
 * packaged app of a version, its userData folder), `net.request` over node:http for the loopback
 * server (Electron's ClientRequest emits the same `response` and `error`), `session`, and
 * `autoUpdater` (MacUpdater hands the downloaded zip to it). Requests to any other host fail as
 * offline ones do, and are recorded, so a test sees which build an updater went to download.
 */
export interface ElectronStub {
  module: object;
  /** URLs net.request was asked for that left the machine (the downloads). */
  offline: string[];
  /** Headers of the requests to the loopback server. */
  sent: Array<{ url: string; headers: Record<string, string> }>;
  setApp(version: string, userData: string): void;
  /** Answers requests for `host` from a server on the loopback `port` (an artifact host a test runs), as if it were that host. */
  serveHost(host: string, port: number): void;
}

export function electronStub(): ElectronStub {
  const offline: string[] = [];
  const sent: ElectronStub['sent'] = [];
  const served = new Map<string, number>();
  const app = Object.assign(new EventEmitter(), {
    version: '0.0.0',
    userData: '',
    isPackaged: true,
    getVersion: () => app.version,
    getName: () => 'Tunnel Companion',
    getAppPath: () => '/nonexistent',
    getPath: (name: string) => (name === 'userData' ? app.userData : '/nonexistent'),
    whenReady: () => Promise.resolve(),
    quit: () => undefined,
    relaunch: () => undefined,
  });
  const net = {
    request(options: { protocol?: string; hostname?: string; host?: string; port?: string | number; path?: string; headers?: Record<string, string>; method?: string }) {
      const url = `${options.protocol ?? 'https:'}//${options.hostname ?? options.host}${options.port ? `:${options.port}` : ''}${options.path ?? '/'}`;
      const host = options.hostname ?? options.host;
      if (host === '127.0.0.1' || host === 'localhost') {
        sent.push({ url, headers: { ...options.headers } });
        return httpRequest({ protocol: 'http:', hostname: host, port: options.port, path: options.path, method: options.method ?? 'GET', headers: options.headers });
      }
      const local = host === undefined ? undefined : served.get(host);
      if (local !== undefined) return httpRequest({ protocol: 'http:', hostname: '127.0.0.1', port: local, path: options.path, method: options.method ?? 'GET', headers: { ...options.headers, host } });
      offline.push(url);
      const request = Object.assign(new EventEmitter(), { end: () => setImmediate(() => request.emit('error', new Error('net::ERR_INTERNET_DISCONNECTED'))), abort: () => undefined, setHeader: () => undefined, followRedirect: () => undefined });
      return request;
    },
  };
  const autoUpdater = Object.assign(new EventEmitter(), { setFeedURL: () => undefined, checkForUpdates: () => undefined, quitAndInstall: () => undefined });
  const module = { app, net, session: { fromPartition: () => ({}) }, autoUpdater, Notification: class {} };
  return {
    module,
    offline,
    sent,
    setApp(version, userData) {
      app.version = version;
      app.userData = userData;
    },
    serveHost(host, port) {
      served.set(host, port);
    },
  };
}

/** The machine an install reports to electron-updater: `process.platform`, `process.arch` and `os.release()`. */
export interface Machine {
  platform: 'win32' | 'darwin' | 'linux';
  arch: 'x64' | 'arm64';
  osRelease: string;
}

/**
 * Poses this process as the packaged app on a machine, as electron-updater reads it: the platform,
 * arch and OS release, `process.resourcesPath` (where app-update.yml lies) and environment
 * variables (the AppImage path, the download caches); `restore()` puts back all it changed.
 */
export function processPose() {
  const saved = { platform: process.platform, arch: process.arch, release: os.release, resourcesPath: (process as any).resourcesPath };
  const env = new Map<string, string | undefined>();
  return {
    machine(machine: Machine) {
      Object.defineProperty(process, 'platform', { value: machine.platform });
      Object.defineProperty(process, 'arch', { value: machine.arch });
      (os as any).release = () => machine.osRelease;
    },
    resources(dir: string) {
      (process as any).resourcesPath = dir;
    },
    /** Sets (or, with undefined, removes) `name` in the environment. */
    env(name: string, value: string | undefined) {
      if (!env.has(name)) env.set(name, process.env[name]);
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    },
    restore() {
      Object.defineProperty(process, 'platform', { value: saved.platform });
      Object.defineProperty(process, 'arch', { value: saved.arch });
      (os as any).release = saved.release;
      (process as any).resourcesPath = saved.resourcesPath;
      for (const [name, value] of env) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      env.clear();
    },
  };
}
