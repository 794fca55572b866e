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
# SIGTERM reaches node directly (no shell in between): it finishes requests in flight and exits within 10 s.
CMD ["node", "dist/server/main.js"]
