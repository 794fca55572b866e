# The app process of `npm run cluster`, as a container image (docs/deployment.md). compose.yaml runs two
# of them behind nginx with PostgreSQL and Redis, mirroring the shape e2e/cluster.spec.ts tests.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
VOLUME /data
EXPOSE 3000
USER node
# Liveness: the process runs and answers HTTP. /api/health/live asks no dependency, so an orchestrator that
# replaces unhealthy containers does not restart every app for a database outage (the app answers 503 and
# recovers by itself). Readiness, for a load balancer, is /api/health (compose.yaml uses it).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM reaches node directly (no shell in between): it finishes requests in flight and exits within 10 s.
CMD ["node", "dist/server/main.js"]
