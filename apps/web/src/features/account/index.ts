/**
 * The account feature's public surface for other features. The landing page signs out
 * through this dynamic import so the contract's schemas stay out of its first load.
 */
export async function signOut(): Promise<void> {
  const { logout } = await import('./api/logout');
  await logout();
}
