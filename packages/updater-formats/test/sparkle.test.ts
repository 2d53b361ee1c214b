import { compareSparkleVersions, sparkleAppcast } from '../src/index';
import { build, release } from './releases';
import { parseAppcast, sparkleUpdate } from './sparkle-client';

// Sparkle's own cases for SUStandardVersionComparator (Tests/SUVersionComparisonTest.m at
// fa4eaa977cb1a390b237349be2f3d761175f345a), each as the test asserts it.
const ASCENDING = [
  ['1.0', '1.1'], ['0.1', '0.1.2'],
  ['1.5.5-335d3e2', '1.5.6-b252311'],
  ['1.5.5', '1.5.6a1'], ['1.1.0b1', '1.1.0b2'], ['1.1.1b2', '1.1.2b1'], ['1.1.1b2', '1.1.2a1'], ['1.0a1', '1.0b1'], ['1.0b1', '1.0'], ['0.9', '1.0a1'], ['1.0b', '1.0b2'], ['1.0b10', '1.0b11'], ['1.0b9', '1.0b10'], ['1.0rc', '1.0'], ['1.0b', '1.0'], ['1.0pre1', '1.0'],
  ['1.0 (1234)', '1.0 (1235)'], ['1.0b1 (1234)', '1.0 (1234)'], ['1.0b5 (1234)', '1.0b5 (1235)'], ['1.0b5 (1234)', '1.0.1b5 (1234)'], ['1.0.1b5 (1234)', '1.0.1b6 (1234)'], ['2.0.0.2429', '2.0.0.2430'], ['1.1.1.1818', '2.0.0.2430'], ['3.3 (5847)', '3.3.1b1 (5902)'],
  ['201210251627', '201211051041'],
];
const EQUAL = [
  ['1.0', '1.0'], ['1.0', '1.0.0'], ['1.0.0', '1.0'],
  ['1.5.5-335d3e2', '1.5.5-a655360'], ['1.5-335d3e2', '1.5.0-335d3e2'], ['1.5.0-335d3e2', '1.5-335d3e2'],
  ['1.0pre1', '1.0.0pre1'], ['1.0.0pre1', '1.0pre1'],
  ['3.3 (5847)', '3.3.0 (5847)'], ['3.3.0 (5847)', '3.3 (5847)'], ['1.1.1.1818', '1.1.1.1818.0'], ['1.1.1.1818.0', '1.1.1.1818'], ['3.3b1 (5902)', '3.3.0b1 (5902)'], ['3.3.0b1 (5902)', '3.3b1 (5902)'],
  ['201210251627.0', '201210251627'], ['201210251627', '201210251627.0'],
];
const DESCENDING = [['2.0', '1.1'], ['0.1', '0.0.1'], ['1.5.6-b252311', '1.5.5-335d3e2']];

describe("SUStandardVersionComparator's order", () => {
  it("answers Sparkle's own test cases", () => {
    for (const [a, b] of ASCENDING) expect({ a, b, order: compareSparkleVersions(a!, b!) }).toEqual({ a, b, order: -1 });
    for (const [a, b] of EQUAL) expect({ a, b, order: compareSparkleVersions(a!, b!) }).toEqual({ a, b, order: 0 });
    for (const [a, b] of DESCENDING) expect({ a, b, order: compareSparkleVersions(a!, b!) }).toEqual({ a, b, order: 1 });
  });

  it('ignores everything from a dash on, so a semver pre-release equals its release', () => {
    expect(compareSparkleVersions('1.12.0-beta.1', '1.12.0')).toBe(0);
    expect(compareSparkleVersions('4521', '4600')).toBe(-1);
  });
});

const MAC = 'macos-arm64' as const;
const notesHtml = (r: { changes: string[] }) => `<ul>${r.changes.map((c) => `<li>${c}</li>`).join('')}</ul>`;

describe('an appcast with build numbers, deltas and channels', () => {
  // Newest first, as the service lists what it offers.
  const releases = [
    release('1.13.0-beta.1', [build(MAC, 'App-1.13.0-beta.1.zip'), build(MAC, 'App-4700-4600.delta', { delta_from: '1.12.1' })], { build: '4700', file: 'changelog/preview/1.13.0-beta.1.yaml' }),
    release('1.12.1', [build(MAC, 'App-1.12.1.zip', { signature: `${'A'.repeat(86)}==` }), build(MAC, 'App-4600-4521.delta', { delta_from: '1.12.0', signature: `${'B'.repeat(86)}==` }), build(MAC, 'App-4600-4400.delta', { delta_from: '1.11.0' })], { build: '4600', critical: true }),
    release('1.12.0', [build(MAC, 'App-1.12.0.zip'), build(MAC, 'App-1.12.0.dmg')], { build: '4521' }),
    release('1.11.0', [build(MAC, 'App-1.11.0.zip')], { build: '4400' }),
  ];
  const text = sparkleAppcast(releases, { title: 'Tunnel <Companion> & co', target: MAC, notesHtml, channelOf: (r) => (r.version.includes('-') ? 'beta' : undefined) });
  const items = parseAppcast(text);

  it('gives sparkle:version the build number and sparkle:shortVersionString the version, escaping what it writes', () => {
    expect(items.map((i) => [i.version, i.displayVersion])).toEqual([['4700', '1.13.0-beta.1'], ['4600', '1.12.1'], ['4521', '1.12.0'], ['4400', '1.11.0']]);
    expect(text).toContain('<title>Tunnel &#60;Companion&#62; &#38; co</title>');
    // One enclosure per item, the zip before the disk image.
    expect(items[2]!.url).toBe('https://downloads.example.com/App-1.12.0.zip');
  });

  it('is read by Sparkle as its build numbers say: an app on build 4521 is offered 1.12.1 as a delta, critically', () => {
    const chosen = sparkleUpdate(items, { version: '4521', os: '14.5' })!;
    expect(chosen.item.displayVersion).toBe('1.12.1');
    expect(chosen.delta).toEqual({ url: 'https://downloads.example.com/App-4600-4521.delta', length: expect.any(Number), signature: `${'B'.repeat(86)}==` });
    // The critical marker names the critical release's build: 4521 is below 4600.
    expect(chosen.critical).toBe(true);
    // From build 4400 (1.11.0) the other delta; from 4600 nothing newer on the default channel.
    expect(sparkleUpdate(items, { version: '4400', os: '14.5' })!.delta?.url).toBe('https://downloads.example.com/App-4600-4400.delta');
    expect(sparkleUpdate(items, { version: '4600', os: '14.5' })).toBeNull();
  });

  it('tags pre-releases with their channel: only a host allowing beta takes 1.13.0-beta.1, with its delta from 1.12.1', () => {
    expect(items[0]!.channel).toBe('beta');
    const beta = sparkleUpdate(items, { version: '4600', os: '14.5', channels: ['beta'] })!;
    expect([beta.item.displayVersion, beta.delta?.url]).toEqual(['1.13.0-beta.1', 'https://downloads.example.com/App-4700-4600.delta']);
  });

  it('without build numbers, Sparkle compares the versions themselves, which it cannot for pre-releases', () => {
    const plain = parseAppcast(sparkleAppcast([release('1.12.0', [build(MAC, 'a.zip')]), release('1.12.0-rc.1', [build(MAC, 'b.zip')], { file: 'changelog/preview/1.12.0-rc.1.yaml' })], { title: 't', target: MAC, notesHtml }));
    expect(plain.map((i) => i.version)).toEqual(['1.12.0', '1.12.0-rc.1']);
    // SUStandardVersionComparator stops at the dash: an rc host sees 1.12.0 as its own version.
    expect(sparkleUpdate(plain, { version: '1.12.0-rc.1', os: '14.5' })).toBeNull();
  });
});
