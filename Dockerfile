# The console and its server in one image: `docker build -t messaging-console .`
# Three stages: the build (all dependencies: vite builds the console, esbuild bundles the server), the runtime
# dependencies alone (npm ci --omit=dev), and the image itself: Node on Debian slim, the built console, the server
# bundle and its migrations, run as the unprivileged `node` user. server/test/container.test.ts runs this image's
# start command against the same build steps (no container runtime is needed for that).
ARG NODE_IMAGE=node:20.19-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build && node scripts/build-server.mjs

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
# No pg_dump inside: on PostgreSQL, back up with the database's own tools (README, "Backups").
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data WEB_ROOT=/app/dist
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/scripts/backup.mjs /app/scripts/restore.mjs ./scripts/
COPY --from=build /app/dist ./dist
COPY --from=build /app/.build/server ./.build/server
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
# Ready, not merely alive: the database answers, the migrations are applied, the job loops run.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM stops it gracefully (SHUTDOWN_TIMEOUT_MS, default 25 s: keep the orchestrator's grace period longer).
STOPSIGNAL SIGTERM
# scripts/server-env.mjs (npm start's server environment): glibc's mmap threshold fixed at 2 MB, so large freed
# blocks go back to the system.
ENV MALLOC_MMAP_THRESHOLD_=2097152
CMD ["node", "--enable-source-maps", ".build/server/main.mjs"]
