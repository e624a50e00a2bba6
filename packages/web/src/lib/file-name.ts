/**
 * Download file names from the dlFileNameTpl setting (spec 001 §3): tokens author, authorId,
 * title, pid, index, width, height, tags, createDate. Characters file systems refuse become '_',
 * and the name is cut to 128 characters with its extension kept (spec 001 §7.4).
 */
import type { Artwork } from '@pv/core';

export const FILE_NAME_MAX = 128;

export interface FileNameInput {
  artwork: Pick<Artwork, 'id' | 'title' | 'author' | 'width' | 'height' | 'tags' | 'created'>;
  /** Page index, from 0 (a range such as '0-4' names a zip of pages). */
  index: number | string;
  /** Extension without the dot. */
  ext: string;
}

/** Characters Windows, macOS or Linux refuse in a file name, and control characters. */
const UNSAFE = /[\\/:*?"<>|\p{Cc}]/gu;

export function formatFileName(template: string, input: FileNameInput): string {
  const { artwork, index, ext } = input;
  const values: Record<string, string> = {
    author: artwork.author.name,
    authorId: String(artwork.author.id),
    title: artwork.title,
    pid: String(artwork.id),
    index: String(index),
    width: String(artwork.width),
    height: String(artwork.height),
    tags: artwork.tags.map((t) => t.name).join(','),
    createDate: artwork.created.slice(0, 10),
  };
  const base = template
    .replace(/\{(\w+)\}/g, (whole, token: string) => values[token] ?? whole)
    .replace(UNSAFE, '_')
    .trim();
  const suffix = ext ? `.${ext}` : '';
  // Cut by code points so that a surrogate pair is never split.
  const room = FILE_NAME_MAX - suffix.length;
  return `${[...(base || String(artwork.id))].slice(0, room).join('')}${suffix}`;
}

/** The extension of an image URL ('jpg' when there is none). */
export function extensionOf(url: string): string {
  return /\.(\w{2,5})(?:[?#].*)?$/.exec(url)?.[1]?.toLowerCase() ?? 'jpg';
}
