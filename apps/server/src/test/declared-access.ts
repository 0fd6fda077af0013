import { allows, api, ROLES, type AnyEndpoint, type Role } from '@nearcast/contract';

const BY_PATH = new Map<string, AnyEndpoint>(
  Object.values(api)
    .flatMap((area): AnyEndpoint[] => Object.values(area))
    .map((endpoint) => [endpoint.path, endpoint]),
);

/** The contract's entry for `path`; a path the contract does not declare fails the test that asks. */
export function endpointAt(path: string): AnyEndpoint {
  const endpoint = BY_PATH.get(path);
  if (!endpoint) throw new Error(`${path} is not an endpoint of the contract`);
  return endpoint;
}

/**
 * The roles the contract lets call `path` (docs/decisions/091): what the scope matrices expect
 * route() to let through, read from the one declaration rather than restated beside each test.
 */
export function declaredRoles(path: string): Role[] {
  const { access } = endpointAt(path);
  return ROLES.filter((role) => allows(access, role));
}
