import { describe, expect, it } from 'vitest';
import { playgroundEndpoints } from './playground-fetcher';

describe('playgroundEndpoints', () => {
  it('uses the page’s own origin, over ws on http', () => {
    expect(playgroundEndpoints({ protocol: 'http:', host: '127.0.0.1:8080' })).toEqual({
      url: 'http://127.0.0.1:8080/graphql',
      subscriptionUrl: 'ws://127.0.0.1:8080/graphql',
    });
  });

  it('uses wss on an https page', () => {
    expect(playgroundEndpoints({ protocol: 'https:', host: 'photos.example.be' })).toEqual({
      url: 'https://photos.example.be/graphql',
      subscriptionUrl: 'wss://photos.example.be/graphql',
    });
  });
});
