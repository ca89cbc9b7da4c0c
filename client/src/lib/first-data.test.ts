import { parse } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from './apollo-client';
import { FIRST_DATA_ID, readFirstData, restoreFirstData, startFirstData } from './first-data';

// Parsed, not tagged: graphql-codegen only collects the app's own documents.
const HOME = parse('query TestHome($url: String!) { gallery(url: $url) { id eventName coverPhoto { id filename } } }');
const OTHER = parse('query TestOther($id: ID!) { node(id: $id) { id } }');
const name = 'Gala </script><!-- & \u2028';

/** page puts first data into the document as the server writes it: <, >, & and U+2028/9 escaped. */
function page(text: string) {
  const escaped = text.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  document.body.innerHTML = `<div id="root"></div><script type="application/json" id="${FIRST_DATA_ID}">${escaped}</script>`;
}

const ops = [
  {
    op: 'TestHome',
    variables: { url: 'gala' },
    data: { gallery: { __typename: 'Gallery', id: 'gal_1', eventName: name, coverPhoto: { __typename: 'Photo', id: 'pho_1', filename: 'a.jpg' } } },
  },
  { op: 'TestOther', variables: { id: 'pho_1' }, data: { node: { __typename: 'Photo', id: 'pho_1' } } },
];

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('first data', () => {
  it('is read once from the page, escaped characters and all', () => {
    page(JSON.stringify({ v: 1, ops }));
    expect(document.querySelector('#root')).not.toBeNull();
    const read = readFirstData();
    expect(read).toHaveLength(2);
    expect((read[0].data.gallery as { eventName: string }).eventName).toBe(name);
    expect(document.getElementById(FIRST_DATA_ID)).toBeNull();
    expect(readFirstData()).toEqual([]);
  });

  it('reads nothing from a page without it, of another version, or unreadable', () => {
    expect(readFirstData()).toEqual([]);
    page(JSON.stringify({ v: 2, ops }));
    expect(readFirstData()).toEqual([]);
    page('{"v":1,"ops":[');
    expect(readFirstData()).toEqual([]);
    page(JSON.stringify({ v: 1, ops: [{ op: 'TestHome' }, ops[1]] }));
    expect(readFirstData().map((op) => op.op)).toEqual(['TestOther']);
  });

  it('answers the queries from the cache with no request, each document once it is known', async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('no request expected')));
    vi.stubGlobal('fetch', fetch);
    const client = createApolloClient({ subscriptions: undefined });
    page(JSON.stringify({ v: 1, ops }));
    startFirstData(client);
    expect(restoreFirstData({ TestHome: HOME })).toEqual(['TestHome']);
    const home = await client.query({ query: HOME, variables: { url: 'gala' } });
    expect((home.data as { gallery: { eventName: string } }).gallery.eventName).toBe(name);
    // The other document comes later (a lazy screen's); written once.
    expect(restoreFirstData({ TestHome: HOME, TestOther: OTHER })).toEqual(['TestOther']);
    await client.query({ query: OTHER, variables: { id: 'pho_1' } });
    expect(fetch).not.toHaveBeenCalled();
    // Other variables are not answered by the first data: they are asked for.
    await expect(client.query({ query: HOME, variables: { url: 'other' } })).rejects.toThrow();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
