// Component tests (Testing Library in jsdom): files named *.dom.test.tsx run in jsdom with jest-dom's matchers,
// and every rendered tree is unmounted after each test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());
