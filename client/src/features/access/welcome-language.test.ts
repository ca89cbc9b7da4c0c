import { describe, expect, it } from 'vitest';
import { welcomeMessage } from './welcome-language';

const config = {
  messageForClients: 'Bienvenue aux mariés',
  messageForVisitors: 'Bienvenue à tous',
  translations: [
    { language: 'nl', messageForClients: 'Welkom aan het bruidspaar', messageForVisitors: 'Welkom allemaal' },
    { language: 'en', messageForClients: '', messageForVisitors: 'Welcome, everyone' },
  ],
};

describe('welcomeMessage', () => {
  it('reads the guest’s language', () => {
    expect(welcomeMessage(config, 'nl', 'fr', false)).toBe('Welkom allemaal');
    expect(welcomeMessage(config, 'nl', 'fr', true)).toBe('Welkom aan het bruidspaar');
    expect(welcomeMessage(config, 'en', 'fr', false)).toBe('Welcome, everyone');
  });
  it('falls back to the gallery’s language, then French', () => {
    expect(welcomeMessage(config, 'en', 'fr', true)).toBe('Bienvenue aux mariés');
    const dutch = { messageForClients: '', messageForVisitors: '', translations: [{ language: 'fr', messageForClients: '', messageForVisitors: 'Bonjour' }] };
    expect(welcomeMessage(dutch, 'en', 'nl', false)).toBe('Bonjour');
    expect(welcomeMessage(dutch, 'en', 'nl', true)).toBe('');
  });
});
