import type { ContentSnapshot, Release } from '@companion/content';
import type { Element } from '@companion/schema';
import semver from 'semver';
import { memoPerSnapshot } from '@companion/http-kit';

/** A release that carried an element's name as its codename. */
export interface CodenameRelease {
  version: string;
  channel: 'stable' | 'preview';
  date: string;
  description: string;
}

/** One element with the releases named after it (newest first, both channels) and its neighbours. */
export interface ElementView {
  element: Element;
  releases: CodenameRelease[];
  previous: Element | undefined;
  next: Element | undefined;
}

/** Per snapshot: every element in table order with its releases, and a case-insensitive lookup. */
export const elementViews = memoPerSnapshot((snapshot: ContentSnapshot) => {
  const releasesOf = new Map<string, CodenameRelease[]>();
  const add = (channel: CodenameRelease['channel']) => (release: Release) => {
    const codename = snapshot.codenameOf.get(release.version);
    if (!codename) return;
    const list = releasesOf.get(codename) ?? [];
    list.push({ version: release.version, channel, date: release.date, description: release.description });
    releasesOf.set(codename, list);
  };
  snapshot.stable.forEach(add('stable'));
  snapshot.preview.forEach(add('preview'));
  const all: ElementView[] = snapshot.elements.map((element, i) => ({
    element,
    releases: (releasesOf.get(element.name) ?? []).sort((a, b) => semver.rcompare(a.version, b.version)),
    previous: snapshot.elements[i - 1],
    next: snapshot.elements[i + 1],
  }));
  return { all, byName: new Map(all.map((view) => [view.element.name.toLowerCase(), view])) };
});

/** `GET /elements` as JSON: each element's facts (no description) and its codename versions. */
export const tableJson = memoPerSnapshot((snapshot: ContentSnapshot) =>
  JSON.stringify(
    elementViews(snapshot).all.map(({ element: { description: _, ...facts }, releases }) => ({ ...facts, versions: releases.map((r) => r.version) })),
  ),
);

/** `GET /codename/<name>` as JSON: the element's facts, description and releases. */
export const elementJson = ({ element, releases }: ElementView): string => JSON.stringify({ ...element, releases });
