# syntax=docker/dockerfile:1
#
# Lobby's image. One image runs each part of the system by its command:
#   docker run lobby                                   an API node on port 3000 (the default)
#   docker run lobby node apps/game-sim/src/server.ts  the game provider simulator, port 4100
#   docker run lobby npm run db:migrate                the migrations, then it exits
# Settings are environment variables (README.md, "Settings"); compose.yaml runs them all.
#
# Node 24 runs the TypeScript sources as they are (type stripping, decision 0001): nothing is
# compiled but the web app and the operator console, which the API serves.

# The Node of package.json's devDependencies, on Debian 12.
ARG NODE_VERSION=24.21.0

# The workspaces' manifests, for npm ci. A new workspace adds its line here: npm ci refuses a
# package-lock.json whose workspaces it cannot find.
FROM node:${NODE_VERSION}-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc .node-version ./
COPY scripts/check-node.js scripts/
COPY apps/admin/package.json apps/admin/
COPY apps/api/package.json apps/api/
COPY apps/game-sim/package.json apps/game-sim/
COPY apps/web/package.json apps/web/
COPY bench/package.json bench/
COPY cluster/package.json cluster/
COPY e2e/package.json e2e/
COPY packages/contracts/package.json packages/contracts/
COPY packages/database/package.json packages/database/
COPY packages/game-protocol/package.json packages/game-protocol/
COPY packages/i18n/package.json packages/i18n/
COPY packages/money/package.json packages/money/
COPY packages/time/package.json packages/time/

# Everything installed, the web app and the operator console built.
FROM manifests AS build
RUN npm ci
COPY . .
RUN npm run build

# What the API and the simulator need at run time, and nothing else.
FROM manifests AS production-dependencies
RUN npm ci --omit=dev --workspace @lobby/api --workspace @lobby/game-sim \
    && npm cache clean --force

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    GAME_SIM_HOST=0.0.0.0 \
    DATA_DIR=/var/lib/lobby
WORKDIR /app
COPY --from=production-dependencies /app ./
COPY packages packages
COPY apps/api apps/api
COPY apps/game-sim apps/game-sim
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/admin/dist apps/admin/dist
# DATA_DIR: the key pair under keys/ (RSA_PRIVATE_KEY_FILE's default; every node must share it),
# and the embedded database when no DATABASE_URL is set. The only place the process writes.
RUN mkdir -p /var/lib/lobby/keys \
    && chown -R node:node /var/lib/lobby \
    && chmod 700 /var/lib/lobby/keys
USER node
EXPOSE 3000 4100
# Liveness: the process answers. Readiness (/readyz: database and cache answer, not draining) is
# the balancer's check (deploy/haproxy/haproxy.cfg). The slim image has no curl: node asks.
# A container running the simulator needs its own check, on its port (compose.yaml has it).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/api/src/server.ts"]
