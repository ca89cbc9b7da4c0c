import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { parse } from 'graphql';
import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { refetchInNewLanguage, rootFields } from './language-refetch';

// Parsed here (not gql-tagged): test documents stay out of the client's generated documents.
const COUNTRIES = parse(`
  query Countries {
    countries {
      code
      name
    }
  }
`);
const SHELL = parse(`
  query Shell {
    gallery(url: "gala") {
      id
      intro
    }
  }
`);

/** A server that writes in `language.now`, counting the requests per operation. */
function setup() {
  const language = { now: 'fr' };
  const calls: string[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        calls.push(`${operation.operationName}:${language.now}`);
        const data =
          operation.operationName === 'Countries'
            ? { countries: [{ __typename: 'Country', code: 'BE', name: language.now === 'fr' ? 'Belgique' : 'Belgium' }] }
            : { gallery: { __typename: 'Gallery', id: 'gal_1', intro: language.now === 'fr' ? 'Bienvenue' : 'Welcome' } };
        observer.next({ data });
        observer.complete();
      }),
  );
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  return { client, language, calls };
}

describe('rootFields', () => {
  it('lists what a query asks for at its root', () => {
    expect([...rootFields(COUNTRIES)]).toEqual(['countries']);
    expect([...rootFields(SHELL)]).toEqual(['gallery']);
  });
});

describe('refetchInNewLanguage', () => {
  it('asks again for the queries on screen, and drops the language’s answers of the others', async () => {
    const { client, language, calls } = setup();
    // On screen: the shell. Seen before and gone: the countries (the address form).
    const seen: string[] = [];
    const sub = client.watchQuery({ query: SHELL }).subscribe(({ data }) => {
      const intro = (data as { gallery?: { intro: string } } | undefined)?.gallery?.intro;
      if (intro) seen.push(intro);
    });
    await expect.poll(() => seen).toContain('Bienvenue');
    const before = await client.query({ query: COUNTRIES });
    expect((before.data as { countries: Array<{ name: string }> }).countries[0].name).toBe('Belgique');

    language.now = 'en';
    await refetchInNewLanguage(client);
    expect(seen.at(-1)).toBe('Welcome');
    expect(calls).toContain('Shell:en');
    // Not on screen: not asked now, but nothing left in French for when it comes back.
    expect(calls).not.toContain('Countries:en');
    expect(client.readQuery({ query: COUNTRIES })).toBeNull();
    const after = await client.query({ query: COUNTRIES });
    expect((after.data as { countries: Array<{ name: string }> }).countries[0].name).toBe('Belgium');
    sub.unsubscribe();
  });

  it('keeps a language field a screen shows and asks for it again', async () => {
    const { client, language, calls } = setup();
    const seen: string[] = [];
    const sub = client.watchQuery({ query: COUNTRIES }).subscribe(({ data }) => {
      const name = (data as { countries?: Array<{ name: string }> } | undefined)?.countries?.[0]?.name;
      if (name) seen.push(name);
    });
    await expect.poll(() => seen).toContain('Belgique');
    language.now = 'en';
    await refetchInNewLanguage(client);
    expect(seen.at(-1)).toBe('Belgium');
    expect(calls.filter((c) => c === 'Countries:en')).toHaveLength(1);
    sub.unsubscribe();
  });
});
