/**
 * Feed documents: Atom 1.0 (RFC 4287) and RSS 2.0 from one model. Every text goes through
 * `escapeMarkup`; entry content is the work's picture and its caption after the caption
 * sanitiser, carried as escaped HTML (`type="html"`). RSS says nothing of its elements' types and
 * readers render titles, names and categories as HTML too, so there plain text is escaped as
 * HTML first and then as XML (issue 34: a user name `<video><source onerror=…>` became an element).
 */
import { escapeMarkup as x } from '../share/public-url.ts';

export interface FeedPerson {
  name: string;
  uri?: string;
}

export interface FeedEntry {
  /** A permanent IRI: the work's pixiv URL. */
  id: string;
  title: string;
  /** The work's page on this site (absolute). */
  link: string;
  /** RFC 3339. */
  published: string;
  author: FeedPerson;
  categories: string[];
  /** The picture through this site's image proxy (absolute), if any. */
  picture?: string;
  /** The caption after `sanitiseCaptionHtml`. */
  captionHtml: string;
  /** The caption as plain text. */
  summary: string;
}

export interface FeedModel {
  /** A permanent IRI of the feed. */
  id: string;
  title: string;
  /** The feed's own URL (absolute). */
  self: string;
  /** The page the feed follows (absolute). */
  alternate: string;
  /** RFC 3339: the newest entry's date, or now for an empty feed. */
  updated: string;
  author: FeedPerson;
  generator: string;
  entries: FeedEntry[];
}

function person(tag: string, p: FeedPerson): string {
  const uri = p.uri ? `<uri>${x(p.uri)}</uri>` : '';
  return `<${tag}><name>${x(p.name)}</name>${uri}</${tag}>`;
}

function contentHtml(entry: FeedEntry): string {
  const picture = entry.picture
    ? `<p><a href="${x(entry.link)}"><img src="${x(entry.picture)}" alt="${x(entry.title)}"></a></p>`
    : '';
  return `${picture}${entry.captionHtml ? `<p>${entry.captionHtml}</p>` : ''}`;
}

export function renderAtom(feed: FeedModel): string {
  const entries = feed.entries.map((e) =>
    [
      '<entry>',
      `<id>${x(e.id)}</id>`,
      `<title type="text">${x(e.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${x(e.link)}"/>`,
      e.picture ? `<link rel="enclosure" type="image/jpeg" href="${x(e.picture)}"/>` : '',
      `<published>${e.published}</published>`,
      `<updated>${e.published}</updated>`,
      person('author', e.author),
      ...e.categories.map((c) => `<category term="${x(c)}"/>`),
      e.summary ? `<summary type="text">${x(e.summary)}</summary>` : '',
      `<content type="html">${x(contentHtml(e))}</content>`,
      '</entry>',
    ].join(''),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<id>${x(feed.id)}</id>`,
    `<title type="text">${x(feed.title)}</title>`,
    `<updated>${feed.updated}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${x(feed.self)}"/>`,
    `<link rel="alternate" type="text/html" href="${x(feed.alternate)}"/>`,
    person('author', feed.author),
    `<generator>${x(feed.generator)}</generator>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

/** RFC 822 dates, as RSS 2.0 wants them. */
const rfc822 = (iso: string) => new Date(iso).toUTCString();

/** Plain text in an RSS element, which readers may render as HTML: escaped for HTML, then for XML. */
const rssText = (text: string) => x(x(text));

export function renderRss(feed: FeedModel): string {
  const items = feed.entries.map((e) =>
    [
      '<item>',
      `<title>${rssText(e.title)}</title>`,
      `<link>${x(e.link)}</link>`,
      `<guid isPermaLink="true">${x(e.id)}</guid>`,
      `<pubDate>${rfc822(e.published)}</pubDate>`,
      `<dc:creator>${rssText(e.author.name)}</dc:creator>`,
      ...e.categories.map((c) => `<category>${rssText(c)}</category>`),
      `<description>${x(contentHtml(e))}</description>`,
      e.picture ? `<enclosure url="${x(e.picture)}" length="0" type="image/jpeg"/>` : '',
      '</item>',
    ].join(''),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${rssText(feed.title)}</title>`,
    `<link>${x(feed.alternate)}</link>`,
    `<description>${rssText(feed.title)}</description>`,
    `<atom:link rel="self" type="application/rss+xml" href="${x(feed.self)}"/>`,
    `<lastBuildDate>${rfc822(feed.updated)}</lastBuildDate>`,
    `<generator>${rssText(feed.generator)}</generator>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
