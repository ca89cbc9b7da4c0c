import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import './test-language';
import './lib/i18n';

// jsdom does not scroll; the router's scroll restoration and anchors call these.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

// Screens other than the gallery home load on demand (React.lazy in
// app/router.tsx); in tests their module is transformed on first use, which
// can take more than findBy's default second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
