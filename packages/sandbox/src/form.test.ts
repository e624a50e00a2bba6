import { describe, expect, it } from 'vitest';
import { parseForm } from './form.ts';

describe('parseForm', () => {
  it('reads each field once, the last value winning', () => {
    expect(parseForm('illust_id=1&restrict=public&restrict=private')).toEqual({
      illust_id: '1',
      restrict: 'private',
    });
  });

  it('appends repeated name[] fields as name[0], name[1], … as PHP does', () => {
    expect(parseForm('tags%5B%5D=a&tags[]=b%20c&illust_id=2')).toEqual({
      'tags[0]': 'a',
      'tags[1]': 'b c',
      illust_id: '2',
    });
  });

  it('keeps indexed fields as they are', () => {
    expect(parseForm('tags[0]=x&tags[1]=y')).toEqual({ 'tags[0]': 'x', 'tags[1]': 'y' });
  });
});
