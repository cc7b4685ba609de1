/** True for the paths of the JSON APIs (member, operator, health), as opposed to web pages. */
export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return (
    path === '/api' ||
    path.startsWith('/api/') ||
    path === '/admin/api' ||
    path.startsWith('/admin/api/') ||
    path === '/healthz' ||
    path === '/readyz'
  );
}

/**
 * True for the load balancer's and the orchestrator's probes: they answer whether the node
 * serves, whatever brand a request would be for (a database with no brand yet included).
 */
export function isProbePath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/healthz' || path === '/readyz';
}
