import { createBrowserRouter } from 'react-router';
import { createRoutes, type RouteDependencies } from './routes.tsx';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(deps: RouteDependencies): AppRouter {
  return createBrowserRouter(createRoutes(deps));
}
