import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AccountActions } from './account-actions';

/** docs/product/shell-and-navigation.md, "Header": the reader's own settings are one click away. */
describe("the reader's own controls", () => {
  it('link to the notification settings in the main area', () => {
    renderWithProviders(<AccountActions apiTokens />);
    const link = screen.getByRole('link', { name: 'Notification settings' });
    expect(link.getAttribute('href')).toBe('/notifications/settings');
    expect(screen.getByRole('link', { name: 'API Tokens' }).getAttribute('href')).toBe('/api-tokens');
  });

  it('leave them out in the admin area, as API Tokens', () => {
    renderWithProviders(<AccountActions />);
    expect(screen.queryByRole('link', { name: 'Notification settings' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });
});
