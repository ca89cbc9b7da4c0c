import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import './lib/i18n';

// jsdom does not scroll; the router's scroll restoration and anchors call these.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

afterEach(() => cleanup());
