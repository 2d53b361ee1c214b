import semver from 'semver';
import { compileRange, parseVersion } from '../src/routes/version-order';

// The audience matcher compiles ranges into plain comparisons; it must say what node-semver says
// (with includePrerelease) for every range a notice can declare and every version a client sends.

const RANGES = ['>=1.9.0 <1.11.0', '^1.10.0', '~1.9', '1.x', '*', '<2.0.0-0', '>=1.12.0-beta.2', '1.2.3 - 1.4.0', '=1.9.1', '>1.0.0 <1.2.0 || >=2.0.0', '<=1.10.2', '>1.12.0-beta.1 <1.12.0', '0.x || 2.x'];
const VERSIONS = ['0.0.0', '0.9.0', '1.0.0', '1.0.1', '1.2.3', '1.3.9', '1.4.0', '1.4.1', '1.9.0', '1.9.1', '1.10.0', '1.10.2', '1.10.3', '1.11.0', '1.12.0-alpha', '1.12.0-beta.1', '1.12.0-beta.2', '1.12.0-beta.10', '1.12.0-beta', '1.12.0-rc.1', '1.12.0', '2.0.0-alpha.1', '2.0.0', '2.5.0-1', '2.5.0-1.a', '10.0.0'];

it('matches exactly what node-semver satisfies with includePrerelease', () => {
  const ours: string[] = [];
  const theirs: string[] = [];
  for (const range of RANGES) {
    const test = compileRange(range);
    for (const version of VERSIONS) {
      ours.push(`${range} ${version} ${test(parseVersion(version)!)}`);
      theirs.push(`${range} ${version} ${semver.satisfies(version, range, { includePrerelease: true })}`);
    }
  }
  expect(ours).toEqual(theirs);
});

it('refuses what is no version, and numbers no comparison can order', () => {
  for (const text of ['1.2', 'v1.2.3', '01.2.3', '1.2.3-', '1.2.3+build', '99999999999999999999.0.0', '1.0.0-99999999999999999999']) expect(parseVersion(text)).toBeNull();
  expect(parseVersion('1.12.0-beta.2')).toEqual({ main: [1, 12, 0], pre: ['beta', 2] });
});
